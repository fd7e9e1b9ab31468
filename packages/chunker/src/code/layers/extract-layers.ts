import type { FileLayers } from '@rag/core'
import type { LanguageInfo } from '../../languages.js'
import type { LineIndex } from '../../lines.js'
import { rulesFor } from '../rules-registry.js'
import type { SyntaxNode } from '../syntax-node.js'
import { queryFor } from '../tree-sitter-runtime.js'
import { DeclarationWalk } from './declaration-walk.js'
import { detectEntrypoints, enclosingFinder, importsModule } from './entrypoints/detect.js'
import type { FileFacts } from './facts.js'
import { fileRecords } from './file-records.js'
import { familyFor } from './family-registry.js'
import { isTestImport, isTestPath } from './is-test.js'
import { queryFacts, type FactQuery } from './query-facts.js'

/** Reads one parsed file's layer records; runs while the tree is alive. */
export type LayerExtractor = (root: SyntaxNode, lines: LineIndex, path: string) => FileLayers

/** Test-framework calls at the top of a file (`describe('x', ...)`, `it(...)`, `test(...)`) mark it as a test. */
const TEST_CALLS = new Set(['describe', 'it', 'test', 'suite', 'context'])

/**
 * The layer extractor of a language, or `undefined` when the language has no extraction table.
 * The family's query is compiled once per grammar and worker thread.
 */
export async function layerExtractorFor(info: LanguageInfo): Promise<LayerExtractor | undefined> {
  const family = familyFor(info.id)
  const rules = rulesFor(info.id)
  if (!family || !rules || !info.grammar) return undefined
  const source = family.query(info.grammar)
  const query = source ? ((await queryFor(info.grammar, source)) as unknown as FactQuery) : undefined
  const language = info.id
  return (root, lines, path) => {
    const { text } = lines
    const found = query ? queryFacts(query, root, text, family) : { calls: [], imports: [], literals: [] }
    const specifiers = found.imports.map((fact) => fact.specifier)
    const walk = new DeclarationWalk(lines, path, language, rules, family, (module) => importsModule(specifiers, module))
    walk.run(root)
    const facts: FileFacts = {
      path,
      language,
      text,
      symbols: walk.symbols,
      imports: found.imports,
      calls: found.calls,
      literals: found.literals,
      heritage: walk.heritage,
      drafts: walk.drafts,
      packageName: walk.packageName,
    }
    const enclosing = enclosingFinder(walk.symbols)
    const isTest =
      isTestPath(path) ||
      specifiers.some(isTestImport) ||
      found.calls.some((call) => call.receiver === '' && TEST_CALLS.has(call.name) && !enclosing(call.offset) && call.args()[0]?.kind === 'string')
    const module = family.module(path, walk.packageName)
    const exportsKnown = language !== 'javascript' || walk.symbols.some((symbol) => symbol.exported === true)
    const drafts = detectEntrypoints(facts, enclosing)
    const records = fileRecords(facts, drafts, { path, language, module, isTest, enclosing }, exportsKnown)
    return { path, language, module, isTest, ...records }
  }
}
