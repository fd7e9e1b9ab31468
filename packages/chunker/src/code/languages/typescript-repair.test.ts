import type { Parser } from 'web-tree-sitter'
import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../layered-chunker.js'
import { parseRepaired } from '../parse-repair.js'
import { parserFor } from '../tree-sitter-runtime.js'
import { typescriptRepair } from './typescript-repair.js'

/** hono's `src/types.ts` and `helper/factory/index.ts` pattern: members without `;`, then generic call signatures. */
const HANDLER_INTERFACE = `export interface HandlerInterface {
  get(path: string): void
  <P extends string>(path: P): void
  <
    I,
    R,
  >(h: I): R
}
export type TypedResponse<T> = { data: T }
export type * from './types'
export class Factory {
  createApp(): void {}
}
export function createFactory() {
  return new Factory()
}
`

/** A parser that counts its parses: the real grammar, wrapped. */
function counting(parser: Parser): { parser: Parser; parses: () => number } {
  let parses = 0
  const wrapped = Object.create(parser) as Parser
  wrapped.parse = (...args: Parameters<Parser['parse']>) => {
    parses++
    return parser.parse(...args)
  }
  return { parser: wrapped, parses: () => parses }
}

describe('typescriptRepair', () => {
  it('finds every declaration after a generic call signature and a type-only star export', async () => {
    const { layers } = await createLayeredChunker().chunkWithLayers({ path: 'src/types.ts', content: HANDLER_INTERFACE, format: 'code', language: 'typescript' })
    const symbols = layers.symbols.map((s) => [s.kind, s.qname, s.startLine, s.endLine])
    expect(symbols).toEqual([
      ['interface', 'HandlerInterface', 1, 8],
      ['method', 'HandlerInterface.get', 2, 2],
      ['type', 'TypedResponse', 9, 9],
      ['class', 'Factory', 11, 13],
      ['method', 'Factory.createApp', 12, 12],
      ['function', 'createFactory', 14, 16],
    ])
  })

  it('puts the missing `;` in the indentation, keeping length and line breaks', () => {
    const text = 'interface A {\n  get(): void\n  <T>(x: T): void\n}'
    const repaired = typescriptRepair(text, new Set([1]))
    expect(repaired).toBe('interface A {\n  get(): void\n ;<T>(x: T): void\n}')
    expect(typescriptRepair('export type * as T from "t"', new Set([0]))).toBe('export      * as T from "t"')
  })

  it('leaves rows without an error, and lines after an operator or an opening bracket, alone', () => {
    const text = 'const a = b\n  <c>(d)\nconst e = (\n  <T,>(x: T) => x\n)'
    expect(typescriptRepair(text, new Set())).toBe(text)
    expect(typescriptRepair(text, new Set([2]))).toBe(text)
  })

  it('parses a clean file once, and keeps the first tree when the rewrite does not help', async () => {
    const real = await parserFor('typescript')
    const clean = counting(real)
    parseRepaired(clean.parser, 'const a = 1\n', typescriptRepair)?.delete()
    expect(clean.parses()).toBe(1)

    const broken = counting(real)
    const text = 'function f( {\n  <T>(x: T): void\n'
    const tree = parseRepaired(broken.parser, text, () => text.replace('  <', ' ;<'))
    expect(broken.parses()).toBe(2)
    expect(tree?.rootNode.text).toBe(text)
    tree?.delete()
  })
})
