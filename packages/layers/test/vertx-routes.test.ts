import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const APP = {
  'src/main/java/app/MainVerticle.java':
    'package app;\n\nimport io.vertx.core.AbstractVerticle;\nimport io.vertx.ext.web.Router;\n\npublic class MainVerticle extends AbstractVerticle {\n  @Override\n  public void start() {\n    Router router = Router.router(vertx);\n    Router api = Router.router(vertx);\n    api.get("/health").handler(this::health);\n    router.mountSubRouter("/api", api);\n    router.mountSubRouter("/v1", BookRoutes.create(vertx));\n    router.get("/").handler(this::home);\n  }\n\n  private void health(RoutingContext ctx) {}\n  private void home(RoutingContext ctx) {}\n}\n',
  'src/main/java/app/BookRoutes.java':
    'package app;\n\nimport io.vertx.core.Vertx;\nimport io.vertx.ext.web.Router;\n\npublic class BookRoutes {\n  public static Router create(Vertx vertx) {\n    Router router = Router.router(vertx);\n    router.get("/books").handler(BookRoutes::list);\n    return router;\n  }\n\n  static void list(RoutingContext ctx) {}\n}\n',
}

describe("Vert.x Web's routes", () => {
  it("serves a sub-router's routes under its mount, one of the file's or one a factory of another file makes", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph)).toEqual([
      'GET /v1/books -> src/main/java/app/BookRoutes.java#BookRoutes.list',
      'GET /api/health -> src/main/java/app/MainVerticle.java#MainVerticle.health',
      'GET / -> src/main/java/app/MainVerticle.java#MainVerticle.home',
    ])
  })
})
