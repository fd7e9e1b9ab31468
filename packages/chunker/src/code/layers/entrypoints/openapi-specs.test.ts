import { describe, expect, it } from 'vitest'
import { openApiRoutes } from './openapi-specs.js'

const routes = (path: string, content: string): string[] =>
  openApiRoutes({ path, language: path.endsWith('.json') ? 'json' : 'yaml', isTest: false }, content).map((r) => `${r.startLine} ${r.method} ${r.route} -> ${r.handler || '-'}`)

/** spring-petclinic-rest's `openapi.yml`, cut down: the server's path, quoted and dotted path keys, an operation without an id. */
const PETCLINIC = [
  'openapi: 3.0.1',
  'info:',
  '  title: Spring PetClinic',
  'servers:',
  '  - url: http://localhost:9966/petclinic/api',
  'paths:',
  '  /owners:',
  '    post:',
  '      tags:',
  '        - owner',
  '      operationId: addOwner',
  '      description: |',
  '        Records a new owner.',
  '    get:',
  '      operationId: listOwners',
  "  '/owners/{ownerId}':",
  '    parameters:',
  '      - name: ownerId',
  '    get:',
  '      operationId: getOwner',
  '  /files/{name}.json:',
  '    get:',
  '      summary: No operation id',
  'components:',
  '  schemas:',
  '    Owner:',
  '      type: object',
  '',
].join('\n')

describe('openApiRoutes', () => {
  it("reads an OpenAPI 3 document's operations under its first server's path, each with its operationId", () => {
    expect(routes('src/main/resources/openapi.yml', PETCLINIC)).toEqual([
      '9 POST /petclinic/api/owners -> addOwner',
      '15 GET /petclinic/api/owners -> listOwners',
      '20 GET /petclinic/api/owners/{ownerId} -> getOwner',
      '23 GET /petclinic/api/files/{name}.json -> -',
    ])
  })

  it("reads Swagger 2's basePath and JSON documents, and nothing of a file that is not a spec", () => {
    const swagger = JSON.stringify({ swagger: '2.0', basePath: '/v2', paths: { '/pet/{petId}': { get: { operationId: 'getPetById' }, delete: { operationId: 'deletePet' }, parameters: [] } } })
    expect(routes('api/swagger.json', swagger)).toEqual(['1 GET /v2/pet/{petId} -> getPetById', '1 DELETE /v2/pet/{petId} -> deletePet'])
    expect(routes('config/openapi.yaml', 'openapi: 3.1.0\nservers:\n  - url: "{scheme}://api.example.com/v1"\npaths:\n  /ping:\n    get:\n      operationId: ping\n')).toEqual(['7 GET /v1/ping -> ping'])
    // A YAML file named like a spec that is not one, and a spec under another name.
    expect(routes('docs/openapi.yml', 'title: notes\npaths:\n  /x:\n    get:\n      operationId: x\n')).toEqual([])
    expect(routes('api/petstore.yaml', PETCLINIC)).toEqual([])
    // swaggo/swag's output repeats the routes of the code it was generated from.
    expect(routes('docs/swagger.json', swagger)).toEqual([])
  })
})
