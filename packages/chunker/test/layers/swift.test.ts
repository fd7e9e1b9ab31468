import { describe, expect, it } from 'vitest'
import { readFixture } from '../../src/testing/corpus.js'
import { layersOf } from './symbols-of.js'

describe('Swift layers', () => {
  it('records every definition with its kind, qualified name and visibility, and the target as the module', async () => {
    const layers = await layersOf('Sources/App/Models/Todo.swift', readFixture('swift.swift'))
    expect(layers.module).toBe('App')
    expect(layers.symbols.map((s) => `${s.kind} ${s.qname}${s.exported ? '' : ' (hidden)'}`)).toEqual([
      'class Todo',
      'property Todo.schema',
      'property Todo.id',
      'property Todo.title',
      'property Todo.cache (hidden)',
      'method Todo.init',
      'method Todo.init',
      'method Todo.toDTO',
      'method Todo.deinit',
      'interface Repository',
      'method Repository.find',
      'struct TodoDTO',
      'property TodoDTO.id',
      'property TodoDTO.title',
      'method TodoDTO.subscript',
      // An extension's members are the extended type's.
      'extension String',
      'method String.trimmed',
      'enum Status',
      // `case open, closed` declares both.
      'constant Status.open',
      'constant Status.closed',
      'constant Status.archived',
      'property Status.isOpen',
      'class Counter',
      'property Counter.value (hidden)',
      'method Counter.increment',
      'type Handler',
      'function makeTodo (hidden)',
      'struct Entrypoint',
      'method Entrypoint.main',
    ])
    const todo = layers.symbols.find((s) => s.qname === 'Todo')
    expect(todo?.startLine).toBe(6)
    expect(todo?.signature).toBe('public final class Todo: Model, Codable, @unchecked Sendable')
    // Both branches of an `#if` are read, and the method spans them.
    expect(layers.symbols.find((s) => s.qname === 'String.trimmed')).toMatchObject({ startLine: 45, endLine: 51 })
  })

  it('reads imports (whole modules and single declarations), supertypes, calls and the @main type', async () => {
    const layers = await layersOf('Sources/App/Models/Todo.swift', readFixture('swift.swift'))
    const edges = layers.edges.map((e) => `${e.kind} ${e.receiver ? `${e.receiver}.` : ''}${e.target} ${JSON.stringify(e.names ?? [])} <- ${e.sourceSymbolId.split('#')[1] ?? ''}`)
    expect(edges).toEqual(
      expect.arrayContaining([
        'imports Foundation [{"name":"*"}] <- ',
        'imports Foundation [{"name":"UUID"}] <- ',
        'imports App [{"name":"*"}] <- ',
        // A class's first supertype is its superclass, the rest protocols; a protocol extends its own.
        'extends Model [] <- Todo',
        'implements Codable [] <- Todo',
        'implements Sendable [] <- Todo',
        'extends AnyObject [] <- Repository',
        'implements CaseIterable [] <- Status',
        'calls TodoDTO [] <- Todo.toDTO',
        'calls title.trimmed [] <- Todo.toDTO',
        'calls Todo [] <- makeTodo',
        'calls configure [] <- Entrypoint.main',
      ]),
    )
    // `private(set)` and the property wrappers `@ID(key:)`, `@Field(key:)` call nothing.
    expect(edges.filter((e) => /^calls (?:private|ID|Field) /.test(e))).toEqual([])
    expect(layers.entrypoints.map((e) => `${e.kind} ${e.handler} ${e.startLine}`)).toEqual(['main Entrypoint 72'])
  })

  it('reads no call in compiler directives, `#available` or `#selector`', async () => {
    const source = 'import Foundation\n#if canImport(Security)\nimport Security\n#endif\n\nfunc f() {\n    if #available(iOS 13, *) { g() }\n    let s = #selector(h)\n}\n'
    const layers = await layersOf('Sources/App/F.swift', source)
    expect(layers.edges.filter((e) => e.kind === 'calls').map((e) => e.target)).toEqual(['g'])
  })

  it('marks XCTest and Swift Testing tests, and test files by path or import', async () => {
    const source = [
      '@testable import App',
      '',
      'final class TodoTests: XCTestCase {',
      '    func testCreate() throws {',
      '        XCTAssertEqual(1, 1)',
      '    }',
      '    func helper() {}',
      '}',
      '',
      '@Test func decodes() {}',
      '',
    ].join('\n')
    const layers = await layersOf('Sources/AppChecks/TodoChecks.swift', source)
    expect(layers.symbols.filter((s) => s.isTest).map((s) => s.qname)).toEqual(['TodoTests.testCreate', 'decodes'])
    expect(layers.isTest).toBe(false)
    expect((await layersOf('Sources/AppChecks/TodoChecks.swift', `import XCTest\n${source}`)).isTest).toBe(true)
    expect((await layersOf('Tests/AppTests/TodoTests.swift', 'func check() {}\n')).isTest).toBe(true)
    expect((await layersOf('Sources/App/Todo.swift', 'import Foundation\nfunc check() {}\n')).isTest).toBe(false)
  })
})
