import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''} -> ${r.handler}`)
    .sort()

describe('routes of ASP.NET Core groups handed to extension methods', () => {
  it('gives the routes an extension method maps the path of each group it is called on (the route groups of the ASP.NET Core docs)', async () => {
    const program = [
      'var builder = WebApplication.CreateBuilder(args);',
      'var app = builder.Build();',
      '',
      'app.MapGroup("/public/todos")',
      '    .MapTodosApi()',
      '    .WithTags("Public");',
      '',
      'var admin = app.MapGroup("/admin");',
      'admin.MapGroup("/todos").RequireAuthorization().MapTodosApi();',
      'admin.MapHealthChecks("/health");',
      '',
      'app.Run();',
      '',
    ].join('\n')
    const api = [
      'namespace Todos;',
      '',
      'public static class TodoEndpoints',
      '{',
      '    public static RouteGroupBuilder MapTodosApi(this RouteGroupBuilder group)',
      '    {',
      '        group.MapGet("/", GetAllTodos);',
      '        group.MapPut("/{id}", UpdateTodo);',
      '        return group;',
      '    }',
      '',
      '    public static async Task<IResult> GetAllTodos(TodoDb db) => TypedResults.Ok(await db.Todos.ToListAsync());',
      '    public static async Task<IResult> UpdateTodo(int id, Todo todo, TodoDb db) => TypedResults.NoContent();',
      '}',
      '',
    ].join('\n')
    const graph = new LayerGraph(await layersOfText({ 'Program.cs': program, 'Todos/TodoEndpoints.cs': api }))
    expect(routes(graph)).toEqual([
      'Todos/TodoEndpoints.cs:7 GET /admin/todos (/) -> GetAllTodos',
      'Todos/TodoEndpoints.cs:7 GET /public/todos (/) -> GetAllTodos',
      'Todos/TodoEndpoints.cs:8 PUT /admin/todos/{id} (/{id}) -> UpdateTodo',
      'Todos/TodoEndpoints.cs:8 PUT /public/todos/{id} (/{id}) -> UpdateTodo',
    ])
  })
})
