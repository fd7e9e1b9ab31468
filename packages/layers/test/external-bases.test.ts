import type { EdgeRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** `receiver.target -> resolution` of each call of a file. */
function calls(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver}.${edge.target} -> ${edge.resolution}${edge.targetSymbolId ? ` ${edge.targetSymbolId}` : ''}`)
}

describe('members a type inherits from a library', () => {
  it("are external (spring-petclinic's OwnerRepository extends JpaRepository: owners.save())", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/pc/owner/OwnerRepository.java':
          'package org.pc.owner;\n\nimport org.springframework.data.jpa.repository.JpaRepository;\n\npublic interface OwnerRepository extends JpaRepository<Owner, Integer> {\n  Owner findById(Integer id);\n}\n',
        'src/main/java/org/pc/owner/Owner.java': 'package org.pc.owner;\n\npublic class Owner {\n  public String getName() { return ""; }\n}\n',
        'src/main/java/org/pc/owner/OwnerController.java':
          'package org.pc.owner;\n\nclass OwnerController {\n  private final OwnerRepository owners;\n  OwnerController(OwnerRepository owners) { this.owners = owners; }\n  String create(Owner owner) {\n    this.owners.save(owner);\n    owners.findById(1);\n    return owner.getName();\n  }\n}\n',
      }),
    )
    expect(calls(graph, 'src/main/java/org/pc/owner/OwnerController.java')).toEqual([
      'this.owners.save -> external',
      'owners.findById -> resolved src/main/java/org/pc/owner/OwnerRepository.java#OwnerRepository.findById',
      'owner.getName -> resolved src/main/java/org/pc/owner/Owner.java#Owner.getName',
    ])
  })

  it('are external through a chain of the index own classes, and only when no class of the chain has the member', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/other.ts': 'export function stop() {}\nexport class Engine {\n  stop() {}\n}\n',
        'src/app.ts': [
          "import { EventEmitter } from 'node:events'",
          'class Bus extends EventEmitter {',
          '  publish(topic: string) { this.emit(topic) }',
          '}',
          'class AuditBus extends Bus {}',
          'class Base {',
          '  start() {}',
          '}',
          'class Plain extends Base {}',
          'export function run(bus: AuditBus, plain: Plain) {',
          '  bus.setMaxListeners(5)',
          "  bus.publish('y')",
          '  plain.start()',
          '  plain.stop()',
          '}',
        ].join('\n'),
      }),
    )
    expect(calls(graph, 'src/app.ts')).toEqual([
      'this.emit -> external',
      'bus.setMaxListeners -> external',
      'bus.publish -> resolved src/app.ts#Bus.publish',
      'plain.start -> resolved src/app.ts#Base.start',
      // Plain's chain is all in the index: an unknown member is still a guess by name, not a library's.
      'plain.stop -> by-name src/other.ts#Engine.stop',
    ])
  })
})

describe("the runtime's methods of an imported value", () => {
  it('are external: an array constant joined, a function bound; a method of its own still resolves', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/http-methods.ts': "export const HTTP_METHODS = ['GET', 'POST']\nexport function handle() {}\nexport class Router {\n  static join() {}\n}\n",
        'src/app.ts': "import { HTTP_METHODS, handle, Router } from './http-methods'\nexport function describe() {\n  HTTP_METHODS.join(', ')\n  handle.bind(null)\n  HTTP_METHODS.custom()\n  Router.join()\n}\n",
      }),
    )
    expect(calls(graph, 'src/app.ts')).toEqual([
      'HTTP_METHODS.join -> external',
      'handle.bind -> external',
      // Not a method the runtime has: the value's file, as before.
      'HTTP_METHODS.custom -> resolved',
      'Router.join -> resolved src/http-methods.ts#Router.join',
    ])
  })
})
