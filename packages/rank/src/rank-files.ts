import { InvalidArgumentError, describeValue, type SearchResult } from '@rag/core'
import { companionKey, hasImplementation, isDeclaration, MAX_COMPANIONS } from './companions.js'
import { withFiles } from './singular-forms.js'
import { fileStem, normalizeName } from './normalize-name.js'
import { messageFiles } from './message-signal.js'
import { wordStem } from './name-words.js'
import { pathPrior } from './path-prior.js'
import { categoriesOf, type PathCategory } from './path-category.js'
import type { RankingPlan } from './ranking-plan.js'
import type { RankingSignals } from './signals.js'
import { DEFAULT_WEIGHTS, type RankingWeights } from './weights.js'

/** The signals of the ranking, each switchable for ablations. */
export type SignalName = 'aggregation' | 'priors' | 'definitions' | 'file-names' | 'folders' | 'name-words' | 'messages' | 'file-lists' | 'companions' | 'test-sources' | 'neighbours' | 'routes'

/** Every {@link SignalName}. */
export const SIGNAL_NAMES: readonly SignalName[] = Object.freeze(['aggregation', 'priors', 'definitions', 'file-names', 'folders', 'name-words', 'messages', 'file-lists', 'companions', 'test-sources', 'neighbours', 'routes'])

/** What one signal added to a file's evidence (`prior`: the multiplier applied last). */
export interface SignalContribution {
  readonly signal: SignalName | 'first-hit'
  readonly value: number
}

/** One chunk hit of a ranked file. */
export interface FileChunk {
  readonly id: string
  /** 0-based rank in the chunk list given to `rankFiles`. */
  readonly rank: number
  readonly score: number
  readonly startLine?: number
  readonly endLine?: number
}

/** A file of the ranking, with why it is there. */
export interface RankedFile {
  readonly file: string
  /** 1-based. */
  readonly rank: number
  /** Evidence times prior; higher is better. */
  readonly score: number
  /** Sum of the additive contributions, before the prior. */
  readonly evidence: number
  /** The path-prior multiplier, times `declaration` for a declaration file whose implementation twin is indexed (1 when neither applies or priors are off). */
  readonly prior: number
  readonly categories: readonly PathCategory[]
  /** Additive contributions by signal (zero ones left out). */
  readonly contributions: readonly SignalContribution[]
  /** The file's chunk hits, best first. */
  readonly chunks: readonly FileChunk[]
}

/** Options of {@link rankFiles}. */
export interface RankFilesOptions {
  /** Most files returned. @default 50 */
  readonly limit?: number
  /** Weights to override; see {@link DEFAULT_WEIGHTS}. @default DEFAULT_WEIGHTS */
  readonly weights?: Partial<RankingWeights>
  /** Signals switched off (ablations). @default [] */
  readonly disable?: readonly SignalName[]
}

interface Evidence {
  readonly file: string
  firstRank: number
  readonly parts: Map<SignalReason, number>
  readonly chunks: FileChunk[]
}

type SignalReason = SignalContribution['signal']

const NAME_ANCHORS = new Set(['identifier', 'qualified', 'path', 'module'])

function assertHits(hits: unknown): asserts hits is readonly SearchResult[] {
  if (!Array.isArray(hits)) throw new InvalidArgumentError(`rankFiles: hits must be an array of search results; received ${describeValue(hits)}.`)
}

/**
 * Ranks files for a query from its chunk hits (best first, e.g. a deep `search` of 300 chunks),
 * the router's plan and whatever structure signals are at hand. A file's evidence is the sum of:
 * its chunk hits (`k / (k + rank)`, each further hit of the file counting `chunkDecay` times less),
 * reciprocal ranks in fused file lists, definitions of the names the query gives, file and folder
 * names matching the query, chunk hits that say a message the query quotes, a share of a top
 * file's evidence for its declaration companion and (with C2) its import neighbours, and (with C3)
 * the handlers of named routes. The evidence is then multiplied by the path prior: demoted
 * categories (tests, docs, examples, ... unless the plan targets them) by their weight, targeted
 * categories by `boost`, and a declaration file whose implementation twin is indexed by
 * `declaration`. Pure and synchronous.
 *
 * @throws InvalidArgumentError when `hits` is not an array or `limit` is not a positive integer.
 * @example
 * const plan = routeQuery('Fix signal handling for Request objects')
 * const files = rankFiles(await rag.search(plan.searchText, 300), plan, createChunkSignals(chunks))
 * files[0] // { file: 'source/core/Ky.ts', rank: 1, score: 1.4, contributions: [...], chunks: [...] }
 */
export function rankFiles(hits: readonly SearchResult[], plan: RankingPlan, signals: RankingSignals = {}, options: RankFilesOptions = {}): RankedFile[] {
  assertHits(hits)
  const { limit = 50, disable = [] } = options
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidArgumentError(`rankFiles: limit must be a positive integer; received ${describeValue(limit)}.`)
  const w: RankingWeights = { ...DEFAULT_WEIGHTS, ...options.weights }
  const off = new Set(disable)
  const byFile = new Map<string, Evidence>()
  const evidenceOf = (file: string): Evidence => {
    let e = byFile.get(file)
    if (e === undefined) {
      e = { file, firstRank: Number.POSITIVE_INFINITY, parts: new Map(), chunks: [] }
      byFile.set(file, e)
    }
    return e
  }
  const add = (file: string, signal: SignalReason, value: number): void => {
    if (value === 0 || !Number.isFinite(value)) return
    const parts = evidenceOf(file).parts
    parts.set(signal, (parts.get(signal) ?? 0) + value)
  }

  hits.forEach((hit, rank) => {
    const file = hit.document.metadata.file
    if (typeof file !== 'string' || file.length === 0) return
    const e = evidenceOf(file)
    e.chunks.push(fileChunk(hit, rank))
    const value = w.chunkK / (w.chunkK + rank)
    if (e.chunks.length === 1) {
      e.firstRank = rank
      add(file, 'first-hit', value)
    } else if (!off.has('aggregation')) {
      add(file, 'aggregation', value * w.chunkDecay ** (e.chunks.length - 1))
    }
  })

  if (!off.has('file-lists')) {
    for (const list of signals.fileLists ?? []) list.files.forEach((file, rank) => add(file, 'file-lists', (w.list * w.listK) / (w.listK + rank)))
  }
  if (!off.has('definitions') && signals.definitions !== undefined) addDefinitions(plan, signals.definitions, w, add)
  if (!off.has('file-names') && signals.paths !== undefined) addFileNames(plan, signals.paths, w, add)
  if (!off.has('folders') && signals.paths !== undefined) addFolders(plan, signals.paths, w, byFile, add)
  if (!off.has('name-words') && signals.paths?.filesWithNameWord !== undefined && w.nameWords > 0) addNameWords(plan, signals.paths, w, add)
  if (!off.has('messages') && w.message > 0) for (const [file, share] of messageFiles(plan, hits)) add(file, 'messages', w.message * share)
  if (!off.has('routes') && signals.entrypoints !== undefined) {
    for (const anchor of plan.anchors) {
      if (anchor.kind !== 'endpoint' && anchor.kind !== 'option') continue
      for (const { file } of signals.entrypoints.entrypoints(anchor)) add(file, 'routes', w.route)
    }
  }

  const priorOf = priorFunction(plan, w, off.has('priors'), signals.paths?.isMinified)
  const total = (e: Evidence): number => {
    let sum = 0
    for (const value of e.parts.values()) sum += value
    return sum
  }
  if (!off.has('test-sources') && w.testSource > 0) addTestSources([...byFile.values()], signals, w, priorOf, total, add)
  // Expansion lends a share of the top files' evidence (after priors, so a test file lends little).
  const expandable = !off.has('companions') || (!off.has('neighbours') && signals.neighbours !== undefined)
  if (expandable) {
    const top = [...byFile.values()]
      .map((e) => ({ e, score: total(e) * priorOf(e.file).prior }))
      .sort((a, b) => b.score - a.score)
      .slice(0, w.expandTop)
    const best = top[0]?.score ?? 0
    if (best > 0) {
      const companions = off.has('companions') ? undefined : companionGroups(byFile.keys(), signals)
      for (const { e, score } of top) {
        const share = score / best
        if (companions !== undefined) {
          const group = companions(e.file)
          if (group.length <= MAX_COMPANIONS) for (const other of group) if (other !== e.file && isDeclaration(other) !== isDeclaration(e.file)) add(other, 'companions', w.companion * share)
        }
        if (!off.has('neighbours') && signals.neighbours !== undefined) {
          lendToNeighbours(signals.neighbours.importers(e.file), e.file, w.importer * share, w.neighbourDamping, add)
          lendToNeighbours(signals.neighbours.imports(e.file), e.file, w.imported * share, w.neighbourDamping, add)
        }
      }
    }
  }

  // A declaration whose implementation twin is indexed weighs less than it (`declaration`).
  const twins = w.declaration !== 1 && !off.has('priors') ? companionGroups(byFile.keys(), signals) : undefined
  const ranked = [...byFile.values()].map((e) => {
    const evidence = total(e)
    const { prior: ofPath, categories } = priorOf(e.file)
    const prior = twins !== undefined && isDeclaration(e.file) && hasImplementation(e.file, twins, signals) ? ofPath * w.declaration : ofPath
    return { e, evidence, prior, categories, score: evidence * prior }
  })
  ranked.sort((a, b) => b.score - a.score || a.e.firstRank - b.e.firstRank || (a.e.file < b.e.file ? -1 : a.e.file > b.e.file ? 1 : 0))
  return ranked.slice(0, limit).map(({ e, evidence, prior, categories, score }, i) => ({
    file: e.file,
    rank: i + 1,
    score,
    evidence,
    prior,
    categories,
    contributions: [...e.parts.entries()].map(([signal, value]) => ({ signal, value })),
    chunks: e.chunks,
  }))
}

type Add = (file: string, signal: SignalReason, value: number) => void

/** A hit as a {@link FileChunk}: line numbers only when the chunk has them. */
function fileChunk(hit: SearchResult, rank: number): FileChunk {
  const { startLine, endLine } = hit.document.metadata
  const chunk: { id: string; rank: number; score: number; startLine?: number; endLine?: number } = { id: hit.document.id, rank, score: hit.score }
  if (typeof startLine === 'number') chunk.startLine = startLine
  if (typeof endLine === 'number') chunk.endLine = endLine
  return chunk
}

/** Shares `value` among a top file's neighbours, damped by how many there are (`n ** damping`): a hub lends each little. */
function lendToNeighbours(neighbours: readonly string[], from: string, value: number, damping: number, add: Add): void {
  if (value <= 0 || neighbours.length === 0) return
  const each = value / neighbours.length ** damping
  for (const other of neighbours) if (other !== from) add(other, 'neighbours', each)
}

/** Names the query gives, for definitions and file names: each anchor's name, and the segments of qualified names. */
function anchorNames(plan: RankingPlan): { strong: Set<string>; proper: Set<string> } {
  const strong = new Set<string>()
  const proper = new Set<string>()
  for (const anchor of plan.anchors) {
    if (anchor.name === undefined || anchor.name.length < 2) continue
    if (anchor.kind === 'proper') {
      proper.add(anchor.name)
      continue
    }
    if (!NAME_ANCHORS.has(anchor.kind)) continue
    strong.add(anchor.name)
    if (anchor.kind === 'qualified') for (const part of anchor.text.split(/\.|::/)) if (part.length > 2) strong.add(part.replace(/^#/, ''))
  }
  for (const name of strong) proper.delete(name)
  return { strong, proper }
}

function addDefinitions(plan: RankingPlan, lookup: NonNullable<RankingSignals['definitions']>, w: RankingWeights, add: Add): void {
  const { strong, proper } = anchorNames(plan)
  const seen = new Set<string>()
  const terms = new Set(plan.terms.filter((t) => t.length > 3))
  for (const [names, weight] of [
    [strong, w.definition],
    [proper, w.properDefinition],
    [terms, w.termDefinition],
  ] as const) {
    if (weight === 0) continue
    for (const name of names) {
      const key = normalizeName(name)
      if (seen.has(key)) continue
      seen.add(key)
      const files = new Set(lookup.definitions(name).map((d) => d.file))
      if (files.size === 0 || files.size > w.maxDefinitionFiles) continue
      for (const file of files) add(file, 'definitions', weight / files.size)
    }
  }
}

function addFileNames(plan: RankingPlan, lookup: NonNullable<RankingSignals['paths']>, w: RankingWeights, add: Add): void {
  const { strong } = anchorNames(plan)
  const seen = new Set<string>()
  const match = (name: string, weight: number): void => {
    const key = normalizeName(name)
    if (key.length < 2 || seen.has(key)) return
    seen.add(key)
    const files = lookup.filesNamed(name)
    if (files.length === 0 || files.length > w.maxNamedFiles) return
    for (const file of files) add(file, 'file-names', weight / files.length)
  }
  for (const anchor of plan.anchors) {
    if (anchor.kind !== 'path') continue
    // A path names one file: its exact path if indexed, else the files of its name.
    const exact = lookup.filesNamed(fileStem(anchor.text)).filter((file) => file === anchor.text || file.endsWith(`/${anchor.text}`))
    const files = exact.length > 0 ? exact : lookup.filesNamed(fileStem(anchor.text))
    if (files.length > 0 && files.length <= w.maxNamedFiles) for (const file of files) add(file, 'file-names', w.pathAnchor / files.length)
    seen.add(normalizeName(fileStem(anchor.text)))
  }
  for (const name of strong) match(name, w.fileName)
  for (const term of plan.terms) if (term.length > 2) match(withFiles(term, (form) => lookup.filesNamed(form)), w.fileNameTerm)
}

/**
 * Files whose name is made of the query's words (`OrderItemConfiguration.cs` for "where is the
 * mapping for order items configured"): the share of the name's words the query has, when it has
 * two or more of them (one word is the file-name signal's).
 */
function addNameWords(plan: RankingPlan, lookup: NonNullable<RankingSignals['paths']>, w: RankingWeights, add: Add): void {
  const matched = new Map<string, { count: number; words: number }>()
  for (const stem of new Set(plan.terms.map(wordStem))) {
    if (stem.length < 3) continue
    const files = lookup.filesWithNameWord!(stem)
    if (files.length > w.maxFolderFiles) continue
    for (const { file, words } of files) {
      const held = matched.get(file)
      if (held) held.count++
      else matched.set(file, { count: 1, words })
    }
  }
  for (const [file, { count, words }] of matched) if (count >= 2) add(file, 'name-words', (w.nameWords * count) / words)
}

function addFolders(plan: RankingPlan, lookup: NonNullable<RankingSignals['paths']>, w: RankingWeights, found: ReadonlyMap<string, Evidence>, add: Add): void {
  const seen = new Set<string>()
  for (const word of plan.terms) {
    const term = withFiles(word, (form) => lookup.filesInFolder(form))
    const key = normalizeName(term)
    if (key.length < 3 || seen.has(key)) continue
    seen.add(key)
    const files = lookup.filesInFolder(term)
    if (files.length === 0 || files.length > w.maxFolderFiles) continue
    // Only files with other evidence: a folder name alone is too weak to bring a file in.
    for (const file of files) if (found.has(file)) add(file, 'folders', w.folderTerm)
  }
}

/**
 * The files that share a file's companion key: those found and, when there is a path lookup, the
 * namesakes of its stem (every namesake has the key by `PathLookup`'s contract, so only the files
 * asked about are looked up: the top few, not every file found).
 */
function companionGroups(found: Iterable<string>, signals: RankingSignals): (file: string) => readonly string[] {
  const foundByKey = new Map<string, string[]>()
  for (const file of found) {
    const key = companionKey(file)
    const list = foundByKey.get(key)
    if (list === undefined) foundByKey.set(key, [file])
    else list.push(file)
  }
  return (file) => {
    const group = new Set(foundByKey.get(companionKey(file)))
    for (const namesake of signals.paths?.filesNamed(fileStem(file)) ?? []) group.add(namesake)
    return [...group]
  }
}

/** The prior of each file under the plan: demoted categories by their weight (the strongest demotion wins), targeted ones boosted. */
function priorFunction(plan: RankingPlan, w: RankingWeights, disabled: boolean, isMinified?: (file: string) => boolean): (file: string) => { prior: number; categories: readonly PathCategory[] } {
  const cache = new Map<string, { prior: number; categories: readonly PathCategory[] }>()
  return (file) => {
    let hit = cache.get(file)
    if (hit !== undefined) return hit
    const named = categoriesOf(file)
    // A minified bundle is generated, whatever it is called.
    const categories = isMinified?.(file) === true && !named.includes('generated') ? [...named, 'generated' as const] : named
    hit = { prior: disabled ? 1 : pathPrior(categories, plan.priors, w), categories }
    cache.set(file, hit)
    return hit
  }
}

const TEST_AFFIXES: readonly RegExp[] = [/^test_/i, /_tests?$/i, /^tests?_/i, /[._-](test|spec|tests|specs)$/i, /(Tests?|IT|Spec|TestCase)$/]

/** The stem of the source file a test file tests (`foo` of `test_foo.py`, `foo.test.ts`, `foo_test.go`, `FooTest.java`), or the stem itself. */
function testedStem(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1)
  const dot = name.indexOf('.', 1)
  let stem = dot > 0 ? name.slice(0, name.lastIndexOf('.')) : name
  for (const affix of TEST_AFFIXES) stem = stem.replace(affix, '')
  return stem
}

/**
 * A demoted test file's hits point at the source it tests: the source files named by the stem it
 * tests (`client` of `test/client.test.js`) share part of its evidence (before its prior).
 */
function addTestSources(
  found: readonly Evidence[],
  signals: RankingSignals,
  w: RankingWeights,
  priorOf: (file: string) => { prior: number; categories: readonly PathCategory[] },
  total: (e: Evidence) => number,
  add: Add,
): void {
  for (const e of found) {
    const { prior, categories } = priorOf(e.file)
    if (!categories.includes('test') || prior >= 1) continue
    const evidence = total(e)
    if (evidence <= 0) continue
    const isSource = (file: string): boolean => file !== e.file && priorOf(file).prior >= 1
    const targets = (signals.paths?.filesNamed(testedStem(e.file)) ?? []).filter(isSource)
    if (targets.length === 0 || targets.length > w.maxNamedFiles) continue
    for (const file of targets) add(file, 'test-sources', (w.testSource * evidence) / targets.length)
  }
}
