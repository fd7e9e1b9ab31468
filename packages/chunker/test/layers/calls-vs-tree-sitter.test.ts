import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { copyStdlibSubset } from '@rag/test-utils'
import { Query, type Parser, type Tree } from 'web-tree-sitter'
import { afterAll, describe, expect, it } from 'vitest'
import { parserFor } from '../../src/code/tree-sitter-runtime.js'
import { familyFor } from '../../src/code/layers/family-registry.js'
import { extractFacts } from '../../src/code/layers/extract-layers.js'
import { rulesFor } from '../../src/code/rules-registry.js'
import { indexLines } from '../../src/lines.js'
import { languageForPath } from '../../src/languages.js'
import { repositoryCorpus, FIXTURES, fixtureNames, type CorpusFile } from '../../src/testing/corpus.js'
import { ORACLE_TIMEOUT_MS, agreement, describeAgreement } from './compare.js'

/**
 * The oracle: call sites as tree-sitter's own parse has them (call nodes with an argument list,
 * by the callee's name and line), decorators left out (the catalog reads those as decorators).
 * The extraction finds calls lexically instead (a full-tree query costs a quarter of the parse);
 * this checks it finds the same ones.
 */
const ORACLE_QUERIES: Record<string, { calls: string; decorators?: string; macros?: string }> = {
  typescript: {
    calls: `(call_expression function: [(identifier) @name (member_expression property: [(property_identifier) (private_property_identifier)] @name)] arguments: (arguments))
(new_expression constructor: [(identifier) @name (member_expression property: (property_identifier) @name)] arguments: (arguments))`,
    decorators: `(decorator (call_expression function: [(identifier) @name (member_expression property: (property_identifier) @name)]))`,
  },
  python: {
    calls: `(call function: [(identifier) @name (attribute attribute: (identifier) @name)])`,
    decorators: `(decorator (call function: [(identifier) @name (attribute attribute: (identifier) @name)]))`,
  },
  go: { calls: `(call_expression function: [(identifier) @name (selector_expression field: (field_identifier) @name)])` },
  java: { calls: `(method_invocation name: (identifier) @name) (object_creation_expression type: [(type_identifier) @name (generic_type (type_identifier) @name)])` },
  rust: {
    macros: `(macro_invocation (token_tree) @tree)`,
    calls: `(call_expression function: [(identifier) @name (scoped_identifier name: (identifier) @name) (field_expression field: (field_identifier) @name) (generic_function function: [(identifier) @name (scoped_identifier name: (identifier) @name) (field_expression field: (field_identifier) @name)])])`,
  },
  cpp: { calls: `(call_expression function: [(identifier) @name (field_expression field: (field_identifier) @name) (qualified_identifier name: (identifier) @name)])` },
}
ORACLE_QUERIES['javascript'] = ORACLE_QUERIES['typescript'] as { calls: string }
ORACLE_QUERIES['c'] = ORACLE_QUERIES['cpp'] as { calls: string }

const GRAMMAR: Readonly<Record<string, string>> = { typescript: 'typescript', javascript: 'javascript', python: 'python', go: 'go', java: 'java', rust: 'rust', cpp: 'cpp', c: 'cpp' }

/** Spans tree-sitter does not parse as code: macro token trees (Rust's `vec![a.len()]`). */
type Spans = [number, number][]

/** The oracle's compiled queries, once per language (compiling one costs more than running it on a file). */
const compiled = new Map<string, { calls: Query; decorators?: Query; macros?: Query }>()

function queriesFor(language: string, grammar: NonNullable<Parser['language']>): { calls: Query; decorators?: Query; macros?: Query } {
  let queries = compiled.get(language)
  if (!queries) {
    const spec = ORACLE_QUERIES[language] as { calls: string; decorators?: string; macros?: string }
    queries = {
      calls: new Query(grammar, spec.calls),
      ...(spec.decorators ? { decorators: new Query(grammar, spec.decorators) } : {}),
      ...(spec.macros ? { macros: new Query(grammar, spec.macros) } : {}),
    }
    compiled.set(language, queries)
  }
  return queries
}

function oracleCalls(file: CorpusFile, language: string, tree: Tree, grammar: NonNullable<Parser['language']>): { calls: string[]; opaque: Spans } {
  const queries = queriesFor(language, grammar)
  const key = (node: { startPosition: { row: number }; text: string }): string => `${file.path}:${node.startPosition.row + 1} ${node.text}`
  const decorated = new Set<number>()
  if (queries.decorators) for (const capture of queries.decorators.captures(tree.rootNode)) decorated.add(capture.node.startIndex)
  const opaque: Spans = queries.macros ? queries.macros.captures(tree.rootNode).map((c) => [c.node.startIndex, c.node.endIndex]) : []
  const calls: string[] = []
  for (const capture of queries.calls.captures(tree.rootNode)) {
    // `require('x')` is an import to the extraction.
    if (!decorated.has(capture.node.startIndex) && capture.node.text !== 'require') calls.push(key(capture.node))
  }
  return { calls, opaque }
}

/** The extraction's own call sites (the walk's definitions and type-only spans excluded, as in indexing), from the same parse. */
function extractedCalls(file: CorpusFile, language: string, tree: Tree, opaque: Spans): string[] {
  const family = familyFor(language)
  const rules = rulesFor(language)
  if (!family || !rules) return []
  const facts = extractFacts(family, rules, tree.rootNode, indexLines(file.content), file.path, language)
  return facts.calls.filter((call) => !opaque.some(([start, end]) => call.offset >= start && call.offset < end)).map((call) => `${file.path}:${call.row + 1} ${call.name}`)
}

/** Compares over whole code files (declaration files have no calls to read). */
async function compare(files: readonly CorpusFile[]) {
  const expected: string[] = []
  const found: string[] = []
  for (const file of files) {
    const language = languageForPath(file.path)
    if (!language || !ORACLE_QUERIES[language] || /\.d\.[cm]?ts$/.test(file.path)) continue
    // One parse for both sides: the oracle's queries and the extraction read the same tree.
    const parser = await parserFor(GRAMMAR[language] as string)
    const tree = parser.parse(file.content)
    if (!tree || !parser.language) continue
    try {
      const oracle = oracleCalls(file, language, tree, parser.language)
      expected.push(...oracle.calls)
      found.push(...extractedCalls(file, language, tree, oracle.opaque))
    } finally {
      tree.delete()
    }
  }
  return agreement(expected, found)
}

const scratch: string[] = []
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (entry.name.endsWith('.ts')) out.push(path)
  }
  return out
}

describe('call sites found lexically against tree-sitter\'s call nodes', () => {
  it('agree on (file, line, callee) over this repository\'s TypeScript and rxjs', async () => {
    const root = dirname(createRequire(import.meta.url).resolve('rxjs/package.json'))
    const rxjs = walk(join(root, 'src')).map((path) => ({ path: relative(root, path), content: readFileSync(path, 'utf8') }))
    const files = [...repositoryCorpus().filter((f) => /\.(?:[cm]?[jt]s|tsx)$/.test(f.path) && !f.path.includes('/test/fixtures/')), ...rxjs]
    const result = await compare(files)
    console.log(`TypeScript: ${describeAgreement(result)}`, result.missed.slice(0, 10), result.extra.slice(0, 10))
    expect(result.expected).toBeGreaterThan(10_000)
    expect(result.recall).toBeGreaterThanOrEqual(0.97)
    expect(result.precision).toBeGreaterThanOrEqual(0.97)
  }, 300_000)

  it('agree on (file, line, callee) over a copy of part of Python\'s standard library', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rag-calls-python-'))
    scratch.push(root)
    const files = copyStdlibSubset(root).map((path) => ({ path, content: readFileSync(join(root, path), 'utf8') }))
    const result = await compare(files)
    console.log(`Python: ${describeAgreement(result)}`, result.missed.slice(0, 10), result.extra.slice(0, 10))
    expect(result.expected).toBeGreaterThan(10_000)
    expect(result.recall).toBeGreaterThanOrEqual(0.97)
    expect(result.precision).toBeGreaterThanOrEqual(0.97)
  }, 300_000)

  it('agree on the Go, Java, Rust and C++ fixtures', async () => {
    const files = fixtureNames()
      .filter((name) => /\.(?:go|java|rs|cpp|c)$/.test(name))
      .map((name) => ({ path: name, content: readFileSync(join(FIXTURES, name), 'utf8') }))
    const result = await compare(files)
    console.log(`Go/Java/Rust/C++: ${describeAgreement(result)}`, result.missed, result.extra)
    expect(result.expected).toBeGreaterThan(25)
    expect(result.recall).toBeGreaterThanOrEqual(0.95)
    expect(result.precision).toBeGreaterThanOrEqual(0.95)
  }, ORACLE_TIMEOUT_MS)
})
