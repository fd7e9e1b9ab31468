import { describe, expect, it } from 'vitest'
import { appConfigPrefixEdges, isAppConfigPath } from './app-config-prefixes.js'

const PROPERTIES = 'shop/src/main/resources/application.properties'
const YAML = 'src/main/resources/application.yml'

/** `framework prefix (key:line)` of each edge a configuration file gives. */
function prefixes(path: string, content: string): string[] {
  return appConfigPrefixEdges({ path, language: 'ini', isTest: false }, content).map((e) => `${e.framework} ${e.prefix} (${e.router}:${e.startLine})`)
}

describe('isAppConfigPath', () => {
  it('takes the default application file of a module, not a profile file or one outside src/main/resources', () => {
    expect(isAppConfigPath(PROPERTIES)).toBe(true)
    expect(isAppConfigPath('src/main/resources/application.yaml')).toBe(true)
    expect(isAppConfigPath('src/main/resources/application-dev.properties')).toBe(false)
    expect(isAppConfigPath('src/test/resources/application.properties')).toBe(false)
    expect(isAppConfigPath('config/application.yml')).toBe(false)
  })
})

describe('appConfigPrefixEdges', () => {
  it("gives Spring Boot's context path as the server's root prefix and the DispatcherServlet path as Spring's", () => {
    expect(prefixes(PROPERTIES, 'server.port=8080\nserver.servlet.context-path=/petclinic/\nspring.mvc.servlet.path=/mvc\n')).toEqual([
      '* /petclinic (server.servlet.context-path:2)',
      'spring /mvc (spring.mvc.servlet.path:3)',
    ])
  })

  it('reads the YAML form, relaxed key spellings and Spring Boot 1 keys', () => {
    expect(prefixes(YAML, 'server:\n  servlet:\n    context-path: "/api" # the API\n')).toEqual(['* /api (server.servlet.context-path:3)'])
    expect(prefixes(YAML, 'server:\n  servlet:\n    contextPath: api\n')).toEqual(['* /api (server.servlet.contextPath:3)'])
    expect(prefixes(PROPERTIES, 'server.context-path=/legacy\n')).toEqual(['* /legacy (server.context-path:1)'])
  })

  it("gives Quarkus's root path as the server's root prefix and its REST path as JAX-RS's", () => {
    expect(prefixes(PROPERTIES, 'quarkus.http.root-path=/app\nquarkus.resteasy.path=/api\n')).toEqual(['* /app (quarkus.http.root-path:1)', 'jax-rs /api (quarkus.resteasy.path:2)'])
    expect(prefixes('src/main/resources/application.yaml', 'quarkus:\n  rest:\n    path: /api\n')).toEqual(['jax-rs /api (quarkus.rest.path:3)'])
  })

  it('reads only what every profile sees: no profile documents, no %profile keys', () => {
    const properties = '%dev.quarkus.http.root-path=/dev\nquarkus.resteasy-reactive.path=/api\n'
    expect(prefixes(PROPERTIES, properties)).toEqual(['jax-rs /api (quarkus.resteasy-reactive.path:2)'])
    const yaml = 'server:\n  servlet:\n    context-path: /api\n---\nspring:\n  config:\n    activate:\n      on-profile: dev\nserver:\n  servlet:\n    context-path: /dev\n'
    expect(prefixes(YAML, yaml)).toEqual(['* /api (server.servlet.context-path:3)'])
    expect(prefixes(PROPERTIES, 'server.servlet.context-path=/api\n#---\nspring.profiles=dev\nserver.servlet.context-path=/dev\n')).toEqual(['* /api (server.servlet.context-path:1)'])
  })

  it('replaces placeholders by the file\'s own setting or their default, and writes others {key}', () => {
    expect(prefixes(PROPERTIES, 'app.base=/shop\nserver.servlet.context-path=${app.base}/v1\n')).toEqual(['* /shop/v1 (server.servlet.context-path:2)'])
    expect(prefixes(PROPERTIES, 'server.servlet.context-path=${CONTEXT_PATH:/api}\n')).toEqual(['* /api (server.servlet.context-path:1)'])
    expect(prefixes(PROPERTIES, 'server.servlet.context-path=${CONTEXT_PATH}\n')).toEqual(['* /{CONTEXT_PATH} (server.servlet.context-path:1)'])
  })

  it('gives nothing for the root path, other settings or other files', () => {
    expect(prefixes(PROPERTIES, 'server.servlet.context-path=/\nquarkus.http.root-path=\nserver.port=8080\n')).toEqual([])
    expect(prefixes('src/main/resources/application-dev.properties', 'server.servlet.context-path=/dev\n')).toEqual([])
    expect(prefixes('src/main/resources/bootstrap.properties', 'server.servlet.context-path=/x\n')).toEqual([])
  })
})
