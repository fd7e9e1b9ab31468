import type { FileLayers } from '@rag/core'
import type { LanguageInfo } from '../../languages.js'
import { rowAt, type LineIndex } from '../../lines.js'
import type { LanguageRules } from '../rules.js'
import { rulesFor } from '../rules-registry.js'
import type { SyntaxNode } from '../syntax-node.js'
import { DeclarationWalk } from './declaration-walk.js'
import { bindDynamicImports, type DynamicImport } from './dynamic-import-uses.js'
import { JS_LANGUAGES } from './entrypoints/detector.js'
import { detectEntrypoints, detectMounts, enclosingFinder, importedModules, selfImportedFrameworks } from './entrypoints/detect.js'
import type { CallFact, FileFacts, ImportFact } from './facts.js'
import { familyFor, layerLanguage } from './family-registry.js'
import type { LayerFamily } from './family.js'
import { fileRecords } from './file-records.js'
import { isTestImport, isTestPath } from './is-test.js'
import { maskCode } from './lexical/mask-code.js'
import { scanCalls } from './lexical/scan-calls.js'
import { exportedRequireBindings, requireBindings } from './require-bindings.js'
import { objectStringConstants } from './string-constants.js'
import { templateCalls } from './template-calls.js'

/** Reads one parsed file's layer records while the tree is alive; `rules` may be the layout's memoized rules. */
export type LayerExtractor = (root: SyntaxNode, lines: LineIndex, path: string, rules?: LanguageRules) => FileLayers

/** Test-framework calls at the top of a file (`describe('x', ...)`, `it(...)`, `test(...)`) mark it as a test. */
const TEST_CALLS = new Set(['describe', 'it', 'test', 'suite', 'context'])

/** Declaration files hold types only: no calls to read. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/

function scannedImports(family: LayerFamily, masked: string, lines: LineIndex): ImportFact[] {
  const { text } = lines
  return (family.scanImports?.(masked, text) ?? []).map(({ specifier, names, start, end }) => ({
    specifier,
    names,
    row: rowAt(lines, start),
    endRow: rowAt(lines, Math.max(start, end - 1)),
    offset: start,
  }))
}

/**
 * Calls that are imports (`require('x')`, `import('x')`) move to the imports, with the names their
 * value binds (a declaration, `.then`, `Promise.all`, `(await import('x')).a()`, a loader).
 */
function splitCalls(family: LayerFamily, calls: readonly CallFact[], imports: ImportFact[], masked: string): CallFact[] {
  if (!family.callImport) return [...calls]
  const kept: CallFact[] = []
  const dynamic: DynamicImport[] = []
  for (const call of calls) {
    const imported = family.callImport(call.name, call.simpleReceiver, () => {
      // (A tuple's first string too: Django's `include(('app.urls', 'app_name'))`.)
      const given = call.args()[0]
      const first = given?.kind === 'list' && given.value.startsWith('(') ? given.items[0] : given
      return first?.kind === 'string' ? first.value : undefined
    })
    if (imported === undefined) {
      kept.push(call)
      continue
    }
    const names = call.name === 'require' ? [...requireBindings(masked, call.offset, call.end()), ...exportedRequireBindings(masked, call.offset, call.end())] : requireBindings(masked, call.offset)
    imports.push({ specifier: imported, names, row: call.row, endRow: call.row, offset: call.offset })
    dynamic.push({ call, names })
  }
  return dynamic.length === 0 ? kept : bindDynamicImports(masked, dynamic, kept)
}

/**
 * The facts of one parsed file: the declaration walk over the tree, then one lexical scan for
 * calls and the imports a walk cannot see. Internal: {@link layerExtractorFor} turns them into records.
 */
export function extractFacts(family: LayerFamily, rules: LanguageRules, root: SyntaxNode, lines: LineIndex, path: string, language: string): FileFacts {
  const { text } = lines
  // One lexical pass: comments and strings blanked, for the scans of calls and statements.
  const readsCalls = family.calls !== undefined && !DECLARATION_FILE.test(path)
  const masked = readsCalls || family.scanImports ? maskCode(text, family.syntax) : text
  const scanned = scannedImports(family, masked, lines)
  const early = importedModules(scanned.map((fact) => fact.specifier))
  const walk = new DeclarationWalk(lines, path, language, rules, family, (module) => early.has(module))
  walk.run(root)
  const imports = [...walk.importFacts, ...scanned]
  const typeSpans = family.typeOnlyKinds ? walk.symbols.filter((s) => family.typeOnlyKinds?.has(s.kind)).map((s) => [s.start, s.end] as const) : []
  const lexicalCalls = readsCalls && family.calls ? scanCalls(text, masked, lines, family.calls, { definitionNames: walk.definitionNames, typeSpans }) : []
  const methods = family.implicitCalls ? walk.symbols.filter((s) => s.kind === 'function' || s.kind === 'method').map((s) => [s.start, s.end] as const) : []
  const implicit = readsCalls && family.implicitCalls ? family.implicitCalls(text, masked, lines, methods, walk.definitionNames) : []
  // (A component's markup calls what its scripts bind.)
  const template = readsCalls && lines.original !== undefined ? templateCalls(lines, path, family, walk.symbols, [...walk.importFacts, ...scanned]) : []
  const extra = implicit.length === 0 ? template : [...implicit, ...template]
  const found = extra.length === 0 ? lexicalCalls : [...lexicalCalls, ...extra].sort((a, b) => a.offset - b.offset)
  const calls = splitCalls(family, found.filter((call) => !call.decorator), imports, masked)
  const decoratorCalls = found.filter((call) => call.decorator)
  imports.sort((a, b) => a.offset - b.offset)
  return {
    path,
    language,
    text,
    masked,
    symbols: walk.symbols,
    imports,
    calls,
    ...(decoratorCalls.length > 0 ? { decoratorCalls } : {}),
    literals: family.scanLiterals?.(masked, text, lines) ?? [],
    heritage: walk.heritage,
    drafts: walk.drafts,
    packageName: walk.packageName,
    ...(walk.defaultExport !== undefined ? { defaultExport: walk.defaultExport } : {}),
    ...(family.bindsLocally ? { bindsLocally: family.bindsLocally } : {}),
    ...(family.typedDeclarations ? { typedDeclarations: family.typedDeclarations } : {}),
  }
}

/** The layer extractor of a language, or `undefined` when the language has no extraction table. */
export function layerExtractorFor(info: LanguageInfo): LayerExtractor | undefined {
  const family = familyFor(info.id)
  const rules = rulesFor(info.id)
  if (!family || !rules) return undefined
  // (A component's records are its scripts': `typescript` for a `.vue` file.)
  const language = layerLanguage(info.id)
  return (root, lines, path, shared = rules) => {
    const facts = extractFacts(family, shared, root, lines, path, language)
    const { calls, symbols } = facts
    const specifiers = facts.imports.map((fact) => fact.specifier)
    // (A framework's own examples import it from the package's root: `require('../../')`.)
    const modules = importedModules([...specifiers, ...selfImportedFrameworks(facts)])
    const enclosing = enclosingFinder(symbols)
    const isTest =
      isTestPath(path) ||
      // (A test framework imported inside a function, flasky's `def test(): import unittest`, makes only that function's code a test's.)
      facts.imports.some((fact) => isTestImport(fact.specifier) && enclosing(fact.offset) === undefined) ||
      calls.some((call) => call.simpleReceiver === '' && TEST_CALLS.has(call.name) && !enclosing(call.offset) && call.args()[0]?.kind === 'string')
    const module = family.module(path, facts.packageName)
    const exportsKnown = language !== 'javascript' || symbols.some((symbol) => symbol.exported === true)
    const drafts = detectEntrypoints(facts, enclosing, modules)
    const records = fileRecords(facts, drafts, detectMounts(facts, modules), { path, language, module, isTest, enclosing }, exportsKnown)
    const stringConstants = JS_LANGUAGES.includes(language) ? objectStringConstants(facts) : undefined
    return {
      path,
      language,
      module,
      isTest,
      ...records,
      ...(facts.defaultExport !== undefined ? { defaultExport: facts.defaultExport } : {}),
      ...(stringConstants !== undefined ? { stringConstants } : {}),
    }
  }
}
