import type { EntrypointRecord, FileLayers, RawEdge, SymbolRecord } from './index.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeFileLayers, encodeFileLayers, isCompactFileLayers } from './compact-file-layers.js'

const PATH = 'src/store/file-store.ts'

function symbol(qname: string, kind: string, fields: Partial<SymbolRecord> = {}): SymbolRecord {
  const name = qname.slice(qname.lastIndexOf('.') + 1)
  const parent = qname.includes('.') ? `${PATH}#${qname.slice(0, qname.lastIndexOf('.'))}` : ''
  return {
    layer: 'C1_SYMBOL_CATALOG',
    id: `${PATH}#${qname}`,
    path: PATH,
    title: `${kind} ${qname}`,
    language: 'typescript',
    startLine: 3,
    endLine: 9,
    isTest: false,
    name,
    qname,
    kind,
    signature: `${kind} ${name}()`,
    parentId: parent,
    module: 'src/store/file-store',
    ...fields,
  }
}

function edge(kind: RawEdge['kind'], written: string, sourceQname: string, fields: Partial<RawEdge> = {}): RawEdge {
  const dot = written.lastIndexOf('.')
  return {
    layer: 'C2_DEPENDENCY_GRAPH',
    id: `${PATH}>${kind}:${written}${sourceQname ? `@${sourceQname}` : ''}`,
    path: PATH,
    language: 'typescript',
    startLine: 12,
    endLine: 12,
    isTest: false,
    sourceSymbolId: sourceQname ? `${PATH}#${sourceQname}` : '',
    sourceQname,
    kind,
    target: kind === 'imports' || dot < 0 ? written : written.slice(dot + 1),
    title: `${kind} ${written}`,
    ...fields,
  }
}

const route: EntrypointRecord = {
  layer: 'C3_ENTRYPOINTS',
  id: `${PATH}!http-route:GET /files/:id`,
  path: PATH,
  title: 'GET /files/:id',
  language: 'typescript',
  startLine: 40,
  endLine: 40,
  isTest: false,
  kind: 'http-route',
  framework: 'express',
  method: 'GET',
  route: '/files/:id',
  handler: 'FileStore.read',
  handlerSymbolId: `${PATH}#FileStore.read`,
  declaringSymbolId: '',
  text: "app.get('/files/:id', store.read)",
}

/** Records shaped (and keys ordered) as the layered chunker extracts them, with the cases that do not follow the usual derivations. */
const realistic: FileLayers = {
  path: PATH,
  language: 'typescript',
  module: 'src/store/file-store',
  isTest: false,
  symbols: [
    // A Python class's attributes (here on a TypeScript class: the encoding does not care).
    symbol('FileStore', 'class', { exported: true, endLine: 60, attributes: { cache: 'Cache', db: 'sqlite.Database' } }),
    symbol('FileStore.read', 'method', { exported: true, signature: 'async read(path: string): Promise<Buffer>' }),
    // A repeated qualified name gets an id with `~2`; a test symbol in a non-test file.
    symbol('FileStore.read', 'method', { id: `${PATH}#FileStore.read~2`, startLine: 20, isTest: true }),
    symbol('helper', 'function', { exported: false, title: 'function helper (overload)' }),
  ],
  edges: [
    edge('imports', 'node:fs/promises', '', { names: [{ name: 'readFile' }, { name: 'default', alias: 'fs' }], endLine: 14 }),
    edge('imports', './polyfill', '', { names: [] }),
    edge('calls', 'readFile', 'FileStore.read', { count: 2 }),
    edge('calls', 'this.check', 'FileStore.read', { target: 'check', receiver: 'this', count: 1 }),
    edge('calls', 'check', 'FileStore.read', { id: `${PATH}>calls:check@FileStore.read~2`, sourceSymbolId: `${PATH}#FileStore.read~2`, count: 1 }),
    // Rust writes `a::B`: the title and id keep `::`, the receiver is `a`.
    edge('extends', 'base::Store', 'FileStore', { target: 'Store', receiver: 'base', title: 'extends base::Store', id: `${PATH}>extends:base::Store@FileStore` }),
  ],
  entrypoints: [route],
  manifest: { kind: 'tsconfig', baseUrl: '.', paths: { '@app/*': ['src/*'] }, extends: [] },
}

describe('encodeFileLayers / decodeFileLayers', () => {
  it('gives back the extracted records field for field, in the same key order', () => {
    const encoded = encodeFileLayers(realistic)
    expect(isCompactFileLayers(encoded)).toBe(true)
    const decoded = decodeFileLayers(JSON.parse(JSON.stringify(encoded)))
    expect(decoded).toStrictEqual(realistic)
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(realistic))
  })

  it('stores a small part of the JSON of the records', () => {
    const many: FileLayers = {
      ...realistic,
      symbols: Array.from({ length: 200 }, (_, i) => symbol(`FileStore.method${i}`, 'method', { exported: true, startLine: i * 5 })),
      edges: Array.from({ length: 400 }, (_, i) => edge('calls', `callee${i}`, `FileStore.method${i % 200}`, { count: 1 })),
    }
    expect(JSON.stringify(encodeFileLayers(many)).length).toBeLessThan(JSON.stringify(many).length / 3)
  })

  it('round-trips records with any field values, also those that break the derivations', () => {
    const text = fc.string({ maxLength: 12 })
    const line = fc.integer({ min: 1, max: 10_000 })
    const symbolArb = fc.record(
      {
        layer: fc.constant('C1_SYMBOL_CATALOG' as const),
        id: text,
        path: fc.oneof(fc.constant(PATH), text),
        title: text,
        language: fc.oneof(fc.constant('typescript'), text),
        startLine: line,
        endLine: line,
        isTest: fc.boolean(),
        name: text,
        qname: text,
        kind: text,
        signature: text,
        parentId: fc.oneof(fc.constant(''), text.map((q) => `${PATH}#${q}`), text),
        module: fc.oneof(fc.constant('src/store/file-store'), text),
        exported: fc.boolean(),
      },
      { requiredKeys: ['layer', 'id', 'path', 'title', 'language', 'startLine', 'endLine', 'isTest', 'name', 'qname', 'kind', 'signature', 'parentId', 'module'] },
    )
    const edgeArb = fc.record(
      {
        layer: fc.constant('C2_DEPENDENCY_GRAPH' as const),
        id: text,
        path: fc.oneof(fc.constant(PATH), text),
        title: text,
        language: fc.oneof(fc.constant('typescript'), text),
        startLine: line,
        endLine: line,
        isTest: fc.boolean(),
        kind: fc.constantFrom('imports' as const, 'calls' as const, 'extends' as const, 'implements' as const),
        sourceSymbolId: text,
        sourceQname: text,
        target: text,
        receiver: text,
        names: fc.array(fc.record({ name: text, alias: text }, { requiredKeys: ['name'] }), { maxLength: 3 }),
        count: fc.integer({ min: 1, max: 9 }),
        extraField: text,
      },
      { requiredKeys: ['layer', 'id', 'path', 'title', 'language', 'startLine', 'endLine', 'isTest', 'kind', 'sourceSymbolId', 'sourceQname', 'target'] },
    )
    const fileArb = fc.record({
      path: fc.constant(PATH),
      language: fc.constant('typescript'),
      module: fc.constant('src/store/file-store'),
      isTest: fc.boolean(),
      symbols: fc.array(symbolArb, { maxLength: 6 }),
      edges: fc.array(edgeArb, { maxLength: 6 }),
      entrypoints: fc.constant([route]),
    })
    fc.assert(
      fc.property(fileArb, (file) => {
        const layers = JSON.parse(JSON.stringify(file)) as FileLayers
        expect(decodeFileLayers(JSON.parse(JSON.stringify(encodeFileLayers(layers))))).toStrictEqual(layers)
      }),
      { numRuns: 300 },
    )
  })

  it('leaves out exactly the edge ids and titles equal to their derivation, and keeps the ones a character off', () => {
    const part = fc.string({ maxLength: 4, unit: fc.constantFrom('a', '.', '@', '>', ':', ' ', '#') })
    const arb = fc.record({ kind: fc.constantFrom('calls' as const, 'imports' as const), target: part, receiver: fc.option(part, { nil: undefined }), sourceQname: part, idEdit: fc.nat(4), titleEdit: fc.nat(4), at: fc.nat(1000) })
    const edit = (text: string, how: number, at: number): string => {
      const i = at % (text.length + 1) // anywhere, also past the path
      // unchanged, a character inserted, deleted, replaced, or an `@` inserted
      if (how === 0) return text
      if (how === 1) return `${text.slice(0, i)}a${text.slice(i)}`
      if (how === 2) return `${text.slice(0, i)}${text.slice(i + 1)}`
      if (how === 3) return `${text.slice(0, i)}${text[i] === 'a' ? 'b' : 'a'}${text.slice(i + 1)}`
      return `${text.slice(0, i)}@${text.slice(i)}`
    }
    fc.assert(
      fc.property(arb, ({ kind, target, receiver, sourceQname, idEdit, titleEdit, at }) => {
        const written = receiver ? `${receiver}.${target}` : target
        const derivedId = `${PATH}>${kind}:${written}${sourceQname ? `@${sourceQname}` : ''}`
        const id = edit(derivedId, idEdit, at)
        const title = edit(`${kind} ${written}`, titleEdit, at)
        const record = edge(kind, written, sourceQname, { id, title, target, ...(receiver !== undefined ? { receiver } : {}) })
        const file: FileLayers = { ...realistic, symbols: [], edges: [record], entrypoints: [] }
        const encoded = encodeFileLayers(file)
        const differing = (encoded[6][0] as readonly unknown[])[4] as Record<string, unknown> | undefined
        expect(differing?.id !== undefined).toBe(id !== derivedId)
        expect(differing?.title !== undefined).toBe(title !== `${kind} ${written}`)
        expect(decodeFileLayers(JSON.parse(JSON.stringify(encoded)))).toStrictEqual(file)
      }),
      { numRuns: 500 },
    )
  })

  it('tells the compact form from the JSON of a FileLayers object', () => {
    expect(isCompactFileLayers(JSON.parse(JSON.stringify(realistic)))).toBe(false)
  })
})
