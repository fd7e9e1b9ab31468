import { describe, expect, it } from 'vitest'
import { chunker, mountsOf } from './mounts-of.js'

describe('mounts of go-chi routers built in other files of the package', () => {
  it("reads go-chi's Mount of a function and of a method of a value made in place, of the package's other files, and of a variable such a function fills; not of an imported package's handler", async () => {
    const { mounts } = await mountsOf('main.go', [
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
      '\tr.Mount("/users", usersRouter())',
      '\tr.Mount("/todos", todosResource{}.Routes())',
      '\tadmin := adminRouter()',
      '\tr.Mount("/admin", admin)',
      '\tr.Mount("/static", http.FileServer(http.Dir("public")))',
      '\thttp.ListenAndServe(":3333", r)',
      '}',
    ])
    expect(mounts).toEqual(['usersRouter at "/users" on "r" line 11', 'todosResource.Routes at "/todos" on "r" line 12', 'adminRouter at "/admin" on "r" line 14'])
  })

  it("reads go-chi's Mount of a method called on a variable holding a value of the package, and on what a constructor returns, with the type the call is on", async () => {
    const { layers } = await chunker.chunkWithLayers({
      path: 'main.go',
      format: 'code',
      content: [
        'package main',
        '',
        'import (',
        '\t"io/fs"',
        '\t"github.com/go-chi/chi/v5"',
        '\t"example.com/shop/users"',
        ')',
        '',
        'func main() {',
        '\tr := chi.NewRouter()',
        '\trs := todosResource{}',
        '\tr.Mount("/todos", rs.Routes())',
        '\tr.Mount("/x", NewX(db).Routes())',
        '\tr.Mount("/u", users.NewResource(db).Routes())',
        '\tr.Mount("/static", fs.Handler())',
        '}',
      ].join('\n'),
    })
    const mounts = layers.edges.filter((e) => e.kind === 'mounts').map((e) => `${e.receiver}.${e.target}: ${e.receiverType ?? '-'} at ${e.prefix}`)
    expect(mounts).toEqual(['rs.Routes: todosResource at /todos', '?.Routes: NewX() at /x', '?.Routes: users.NewResource() at /u'])
  })
})
