import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

/** A resource's router built by a method of its type, in its own file of the package (go-chi's `_examples/todos-resource`). */
const TODOS = [
  'package main',
  '',
  'import "github.com/go-chi/chi/v5"',
  '',
  'type todosResource struct{}',
  '',
  'func (rs todosResource) Routes() chi.Router {',
  '\tr := chi.NewRouter()',
  '\tr.Get("/", rs.List)',
  '\tr.Route("/{id}", func(r chi.Router) {',
  '\t\tr.Get("/", rs.Get)',
  '\t})',
  '\treturn r',
  '}',
  '',
].join('\n')

describe('routes of go-chi routers mounted from other files of the package', () => {
  it('gives the routes a function registers on a gorilla/mux subrouter handed to it the subrouter\'s prefix, made in place or held by a variable', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/shop\n',
        'main.go': [
          'package main',
          '',
          'import (',
          '\t"net/http"',
          '\t"github.com/gorilla/mux"',
          ')',
          '',
          'func main() {',
          '\tr := mux.NewRouter()',
          '\tregisterUsers(r.PathPrefix("/api").Subrouter())',
          '\tadmin := r.PathPrefix("/admin").Subrouter()',
          '\tregisterStats(admin)',
          '\thttp.ListenAndServe(":8080", r)',
          '}',
          '',
        ].join('\n'),
        'users.go': 'package main\n\nimport (\n\t"net/http"\n\t"github.com/gorilla/mux"\n)\n\nfunc registerUsers(r *mux.Router) {\n\tr.HandleFunc("/users", listUsers).Methods("GET")\n}\n\nfunc listUsers(w http.ResponseWriter, req *http.Request) {}\n',
        'stats.go': 'package main\n\nimport (\n\t"net/http"\n\t"github.com/gorilla/mux"\n)\n\nfunc registerStats(r *mux.Router) {\n\tr.HandleFunc("/stats", stats)\n}\n\nfunc stats(w http.ResponseWriter, req *http.Request) {}\n',
      }),
    )
    expect(routes(graph)).toEqual(['stats.go:9 * /admin/stats (/stats)', 'users.go:9 GET /api/users (/users)'])
  })

  it("gives the routes of a router a function or a type's method of another file builds the path of the Mount, also through a variable", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/todos\n',
        'main.go': [
          'package main',
          '',
          'import (',
          '\t"net/http"',
          '',
          '\t"github.com/go-chi/chi/v5"',
          ')',
          '',
          'func main() {',
          '\tr := chi.NewRouter()',
          '\tr.Mount("/todos", todosResource{}.Routes())',
          '\tr.Mount("/users", usersRouter())',
          '\tadmin := adminRouter()',
          '\tr.Mount("/admin", admin)',
          '\thttp.ListenAndServe(":3333", r)',
          '}',
          '',
        ].join('\n'),
        'todos.go': TODOS,
        'users.go': 'package main\n\nimport "github.com/go-chi/chi/v5"\n\nfunc usersRouter() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}", getUser)\n\treturn r\n}\n',
        'admin.go': 'package main\n\nimport "github.com/go-chi/chi/v5"\n\nfunc adminRouter() http.Handler {\n\tr := chi.NewRouter()\n\tr.Get("/stats", stats)\n\treturn r\n}\n',
      }),
    )
    expect(routes(graph)).toEqual([
      'admin.go:7 GET /admin/stats (/stats)',
      'todos.go:9 GET /todos/ (/)',
      'todos.go:11 GET /todos/{id}/ (/{id}/)',
      'users.go:7 GET /users/{id} (/{id})',
    ])
  })

  it("gives the routes of a router a method builds the Mount's path when the method is called on a variable of a package type or on what a constructor returns", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/todos\n',
        'main.go': [
          'package main',
          '',
          'import (',
          '\t"net/http"',
          '',
          '\t"github.com/go-chi/chi/v5"',
          '\t"example.com/todos/users"',
          ')',
          '',
          'func main() {',
          '\tr := chi.NewRouter()',
          '\trs := todosResource{}',
          '\tr.Mount("/todos", rs.Routes())',
          '\tr.Mount("/x", NewX(db).Routes())',
          '\tr.Mount("/users", users.NewResource(db).Routes())',
          '\thttp.ListenAndServe(":3333", r)',
          '}',
          '',
        ].join('\n'),
        'todos.go': TODOS,
        'x.go': 'package main\n\nimport "github.com/go-chi/chi/v5"\n\ntype X struct{ db int }\n\nfunc NewX(db int) *X { return &X{db} }\n\nfunc (x *X) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/stats", x.Stats)\n\treturn r\n}\n',
        'users/users.go':
          'package users\n\nimport "github.com/go-chi/chi/v5"\n\ntype Resource struct{ db int }\n\nfunc NewResource(db int) *Resource { return &Resource{db} }\n\nfunc (u *Resource) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}", u.Get)\n\treturn r\n}\n',
      }),
    )
    expect(routes(graph)).toEqual([
      'todos.go:9 GET /todos/ (/)',
      'todos.go:11 GET /todos/{id}/ (/{id}/)',
      'users/users.go:11 GET /users/{id} (/{id})',
      'x.go:11 GET /x/stats (/stats)',
    ])
  })
})
