import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const APP = {
  'Program.cs': 'using FastEndpoints;\n\nvar bld = WebApplication.CreateBuilder();\nbld.Services.AddFastEndpoints();\nvar app = bld.Build();\napp.UseFastEndpoints(c =>\n{\n    c.Endpoints.RoutePrefix = "api";\n});\napp.Run();\n',
  'Features/Users/CreateUser.cs':
    'using FastEndpoints;\n\nnamespace MyApp.Features.Users;\n\npublic class CreateUserEndpoint : Endpoint<CreateUserRequest, CreateUserResponse>\n{\n    public override void Configure()\n    {\n        Post("/users/create");\n        AllowAnonymous();\n    }\n\n    public override async Task HandleAsync(CreateUserRequest req, CancellationToken ct)\n    {\n    }\n}\n',
  'Features/Antiforgery/Routes.cs': 'namespace TestCases.AntiforgeryTest;\n\npublic static class Routes\n{\n    public const string GetToken = "test-cases/antiforgery/token";\n}\n',
  'Features/Antiforgery/GetTokenEndpoint.cs':
    'namespace TestCases.AntiforgeryTest;\n\n[HttpGet("/tokens/legacy")]\npublic class LegacyTokenEndpoint : EndpointWithoutRequest<string>\n{\n    public override Task<string> ExecuteAsync(CancellationToken ct) => Task.FromResult("ok");\n}\n\npublic class GetTokenEndpoint : EndpointWithoutRequest<string>\n{\n    public override void Configure()\n    {\n        Get(AntiforgeryTest.Routes.GetToken);\n    }\n\n    public override Task<string> ExecuteAsync(CancellationToken ct) => Task.FromResult("ok");\n}\n',
}

describe("FastEndpoints' routes", () => {
  it("serves an endpoint under the app's RoutePrefix, handled by its HandleAsync, its path constants read", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph)).toEqual([
      // (An attribute on the class; a path constant of a class beside it, written with its namespace.)
      'GET /api/tokens/legacy -> Features/Antiforgery/GetTokenEndpoint.cs#LegacyTokenEndpoint.ExecuteAsync',
      'GET /api/test-cases/antiforgery/token -> Features/Antiforgery/GetTokenEndpoint.cs#GetTokenEndpoint.ExecuteAsync',
      'POST /api/users/create -> Features/Users/CreateUser.cs#CreateUserEndpoint.HandleAsync',
    ])
  })
})
