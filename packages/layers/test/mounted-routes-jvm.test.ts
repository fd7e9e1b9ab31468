import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

/** A Ktor app: route extensions of other packages mounted under nested `route` blocks, two levels deep. */
const KTOR = {
  'src/main/kotlin/com/acme/plugins/Routing.kt': [
    'package com.acme.plugins',
    '',
    'import com.acme.auth.authRoutes',
    'import io.ktor.server.application.*',
    'import io.ktor.server.routing.*',
    '',
    'fun Application.configureRouting() {',
    '    routing {',
    '        get("/health") { call.respondText("ok") }',
    '        route("/api") {',
    '            route("v1") {',
    '                customerRoutes()',
    '            }',
    '        }',
    '    }',
    '}',
    '',
    'private fun Route.customerRoutes() {',
    '    route("auth") { authRoutes() }',
    '}',
    '',
  ].join('\n'),
  'src/main/kotlin/com/acme/auth/AuthRoutes.kt': [
    'package com.acme.auth',
    '',
    'import io.ktor.server.routing.*',
    '',
    'fun Route.authRoutes() {',
    '    post("login") { call.respond(login()) }',
    '    get { call.respond(status()) }',
    '}',
    '',
    'fun Route.unmountedRoutes() {',
    '    get("/orphan") { }',
    '}',
    '',
  ].join('\n'),
}

/** A Jakarta EE app: `@ApplicationPath` on a class in one package, resources in a sibling package. */
const JAX_RS = {
  'src/main/java/org/acme/config/RestApplication.java': 'package org.acme.config;\n\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n\n@ApplicationPath("/api")\npublic class RestApplication extends Application {}\n',
  'src/main/java/org/acme/web/TagsResource.java': 'package org.acme.web;\n\nimport jakarta.ws.rs.GET;\nimport jakarta.ws.rs.Path;\n\n@Path("/tags")\npublic class TagsResource {\n  @GET\n  public String list() { return ""; }\n}\n',
  'tools/src/main/java/org/acme/tools/Probe.java': 'package org.acme.tools;\n\nimport jakarta.ws.rs.GET;\nimport jakarta.ws.rs.Path;\n\n@Path("/probe")\npublic class Probe {\n  @GET\n  public String ok() { return ""; }\n}\n',
}

/** A two-module Maven build: Spring Boot's context path and DispatcherServlet path in one module's configuration only. */
const SPRING_MODULES = {
  'shop/src/main/resources/application.properties': 'server.port=8080\nserver.servlet.context-path=/shop/\nspring.mvc.servlet.path=/mvc\n',
  'shop/src/main/resources/application-dev.properties': 'server.servlet.context-path=/dev\n',
  'shop/src/main/java/org/acme/shop/web/OrderController.java':
    'package org.acme.shop.web;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping("/orders")\npublic class OrderController {\n  @GetMapping("/{id}")\n  public String get() { return ""; }\n}\n',
  'admin/src/main/java/org/acme/admin/AdminController.java':
    'package org.acme.admin;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class AdminController {\n  @PostMapping("/reindex")\n  public void reindex() {}\n}\n',
}

/** A single-module Spring Boot app configured in YAML. */
const SPRING_YAML = {
  'src/main/resources/application.yml': 'server:\n  port: 8080\n  servlet:\n    # every route under /api\n    context-path: \'/api\'\n',
  'src/main/java/io/spring/api/TagsApi.java':
    'package io.spring.api;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping(path = "tags")\npublic class TagsApi {\n  @GetMapping\n  public String tags() { return ""; }\n}\n',
}

/** A Quarkus app: the HTTP root path before the RESTEasy path, which an `@ApplicationPath` in another module replaces. */
const QUARKUS = {
  'src/main/resources/application.properties': 'quarkus.http.root-path=/app\nquarkus.resteasy.path=/api\n%dev.quarkus.http.root-path=/dev\n',
  'src/main/java/org/acme/web/TagsResource.java': 'package org.acme.web;\n\nimport jakarta.ws.rs.GET;\nimport jakarta.ws.rs.Path;\n\n@Path("/tags")\npublic class TagsResource {\n  @GET\n  public String list() { return ""; }\n}\n',
  'legacy/src/main/resources/application.yaml': 'quarkus:\n  http:\n    root-path: /legacy\n  rest:\n    path: /ignored\n',
  'legacy/src/main/java/org/acme/legacy/LegacyApplication.java':
    'package org.acme.legacy;\n\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n\n@ApplicationPath("/v1")\npublic class LegacyApplication extends Application {}\n',
  'legacy/src/main/java/org/acme/legacy/web/Probe.java': 'package org.acme.legacy.web;\n\nimport jakarta.ws.rs.GET;\nimport jakarta.ws.rs.Path;\n\n@Path("/probe")\npublic class Probe {\n  @GET\n  public String ok() { return ""; }\n}\n',
}

describe('routes of JVM apps under their configured, application and mounted prefixes', () => {
  it("gives Spring routes the context and servlet paths of their module's application.properties, not another module's", async () => {
    const graph = new LayerGraph(await layersOfText(SPRING_MODULES))
    expect(routes(graph)).toEqual([
      'admin/src/main/java/org/acme/admin/AdminController.java:7 POST /reindex',
      'shop/src/main/java/org/acme/shop/web/OrderController.java:8 GET /shop/mvc/orders/{id} (/orders/{id})',
    ])
  })

  it('reads the context path of application.yml', async () => {
    const graph = new LayerGraph(await layersOfText(SPRING_YAML))
    expect(routes(graph)).toEqual(['src/main/java/io/spring/api/TagsApi.java:8 GET /api/tags (/tags)'])
  })

  it("puts Quarkus's root path before its REST path, and @ApplicationPath replaces the REST path", async () => {
    const graph = new LayerGraph(await layersOfText(QUARKUS))
    expect(routes(graph)).toEqual([
      'legacy/src/main/java/org/acme/legacy/web/Probe.java:8 GET /legacy/v1/probe (/probe)',
      'src/main/java/org/acme/web/TagsResource.java:8 GET /app/api/tags (/tags)',
    ])
  })

  it("gives JAX-RS resources the @ApplicationPath of their source tree, not another module's", async () => {
    const graph = new LayerGraph(await layersOfText(JAX_RS))
    expect(routes(graph)).toEqual(['src/main/java/org/acme/web/TagsResource.java:8 GET /api/tags (/tags)', 'tools/src/main/java/org/acme/tools/Probe.java:8 GET /probe'])
  })

  it('gives the routes of Ktor route extensions the paths of the route blocks they are called in, across files and two levels deep', async () => {
    const graph = new LayerGraph(await layersOfText(KTOR))
    expect(routes(graph)).toEqual([
      'src/main/kotlin/com/acme/auth/AuthRoutes.kt:6 POST /api/v1/auth/login (/login)',
      'src/main/kotlin/com/acme/auth/AuthRoutes.kt:7 GET /api/v1/auth/ (/)',
      'src/main/kotlin/com/acme/auth/AuthRoutes.kt:11 GET /orphan',
      'src/main/kotlin/com/acme/plugins/Routing.kt:9 GET /health',
    ])
  })

  it("passes a Ktor route block's path through route extensions that call others (kotlinconf: `route(\"/{year}\") { yearBasedRoutes() }`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/kotlin/demo/Routing.kt': [
          'import io.ktor.server.application.*',
          'import io.ktor.server.routing.*',
          '',
          'fun Application.module() {',
          '    routing {',
          '        route("/{year}") {',
          '            yearBasedRoutes()',
          '        }',
          '        timeRoutes()',
          '    }',
          '}',
          '',
          'private fun Route.yearBasedRoutes() {',
          '    userRoutes()',
          '}',
        ].join('\n'),
        'src/main/kotlin/demo/UserRoutes.kt': 'import io.ktor.server.routing.*\n\nfun Route.userRoutes() {\n    post("/vote") { }\n}\n',
        'src/main/kotlin/demo/TimeRoutes.kt': 'import io.ktor.server.routing.*\n\nfun Route.timeRoutes() {\n    get("/time") { }\n}\n',
      }),
    )
    expect(routes(graph)).toEqual(['src/main/kotlin/demo/TimeRoutes.kt:4 GET /time', 'src/main/kotlin/demo/UserRoutes.kt:4 POST /{year}/vote (/vote)'])
  })
})
