import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const SERVLETS = {
  'src/main/java/com/example/ErrandServlet.java':
    'package com.example;\n\nimport javax.servlet.annotation.WebServlet;\nimport javax.servlet.http.HttpServlet;\n\n@WebServlet(urlPatterns = ErrandServlet.Paths.ERRANDS + "/*")\npublic class ErrandServlet extends HttpServlet {\n    static class Paths {\n        static final String ERRANDS = "/errands";\n    }\n\n    @Override\n    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) {}\n}\n',
  'src/main/java/com/example/HomeServlet.java':
    'package com.example;\n\nimport jakarta.servlet.annotation.WebServlet;\nimport jakarta.servlet.http.HttpServlet;\n\n@WebServlet(Routes.HOME)\npublic class HomeServlet extends HttpServlet {\n    @Override\n    protected void service(HttpServletRequest req, HttpServletResponse resp) {}\n}\n',
  'src/main/java/com/example/Routes.java': 'package com.example;\n\npublic final class Routes {\n    public static final String HOME = "/home";\n}\n',
}

describe('Java Servlets', () => {
  it("serves a servlet's methods at its URL patterns, constants of a nested class or of the package read", async () => {
    const graph = new LayerGraph(await layersOfText(SERVLETS))
    expect(routes(graph)).toEqual([
      'DELETE /errands/* -> src/main/java/com/example/ErrandServlet.java#ErrandServlet.doDelete',
      // (A servlet answering in `service`: any method, handled by the class.)
      '* /home -> src/main/java/com/example/HomeServlet.java#HomeServlet',
    ])
  })
})
