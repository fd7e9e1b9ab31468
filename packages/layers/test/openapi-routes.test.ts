import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** spring-petclinic-rest's shape: a contract-first API whose mappings are generated at build time from `openapi.yml`. */
const PETCLINIC = {
  'src/main/resources/application.properties': 'server.servlet.context-path=/petclinic/\n',
  'src/main/resources/openapi.yml': [
    'openapi: 3.0.1',
    'servers:',
    '  - url: http://localhost:9966/petclinic/api',
    'paths:',
    '  /owners:',
    '    get:',
    '      operationId: listOwners',
    '  /owners/{ownerId}:',
    '    get:',
    '      operationId: getOwner',
    '',
  ].join('\n'),
  'src/main/java/org/acme/rest/OwnerRestController.java': [
    'package org.acme.rest;',
    '',
    '@RestController',
    '@RequestMapping("/api")',
    'public class OwnerRestController implements OwnersApi {',
    '    @Override',
    '    public ResponseEntity<List<OwnerDto>> listOwners(String lastName) { return null; }',
    '    @Override',
    '    public ResponseEntity<OwnerDto> getOwner(Integer ownerId) { return null; }',
    '}',
    '',
  ].join('\n'),
  'src/main/java/org/acme/model/Pet.java': 'package org.acme.model;\n\npublic class Pet {\n    public Owner getOwner() { return null; }\n}\n',
}

describe('routes of an OpenAPI document', () => {
  it("keeps the document's whole paths (no server prefix again) and links each operationId to its one method, or its one controller's", async () => {
    const graph = new LayerGraph(await layersOfText(PETCLINIC))
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.method} ${r.route} -> ${r.handler} => ${r.handlerSymbolId}`)).toEqual([
      'GET /petclinic/api/owners -> listOwners => src/main/java/org/acme/rest/OwnerRestController.java#OwnerRestController.listOwners',
      // Two methods of that name, one of them a controller's: the controller's.
      'GET /petclinic/api/owners/{ownerId} -> getOwner => src/main/java/org/acme/rest/OwnerRestController.java#OwnerRestController.getOwner',
    ])
  })

  it("links no operationId to a method of another app of the repository (javalin-samples' apps)", async () => {
    const apps = {
      'openapi-app/src/main/resources/openapi.yml': 'openapi: 3.0.1\npaths:\n  /users:\n    post:\n      operationId: createUser\n',
      'openapi-app/src/main/java/app/UserController.java': 'package app;\n\npublic class UserController {\n    public void create() {}\n}\n',
      'auth-app/src/main/java/app/UserController.java': 'package app;\n\npublic class UserController {\n    public void createUser() {}\n}\n',
    }
    const graph = new LayerGraph(await layersOfText(apps))
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.method} ${r.route} -> ${r.handler} => ${r.handlerSymbolId}`)).toEqual(['POST /users -> createUser => '])
  })

  it('links no operationId that two controllers have a method for', async () => {
    const other = 'package org.acme.rest;\n\n@RestController\npublic class LegacyOwnerController {\n    public ResponseEntity<OwnerDto> getOwner(Integer ownerId) { return null; }\n}\n'
    const graph = new LayerGraph(await layersOfText({ ...PETCLINIC, 'src/main/java/org/acme/rest/LegacyOwnerController.java': other }))
    expect(graph.entrypoints({ kind: 'http-route' }).find((r) => r.handler === 'getOwner')?.handlerSymbolId).toBe('')
  })
})
