import { CONFIG_KEYS } from '@rag/cli'
import type { BenchResult } from '../bench-result.js'
import { configKey, DEFAULT_MAX_PER_FILE, isShippable, SEED_CONFIG, type Config } from '../eval/grid.js'
import { BUDGET_CHARS } from '../eval/score.js'
import { macroScore, rankOnDev, rowOf } from '../eval/select.js'
import { delta, fixed, mb, ms, table } from './format.js'
import { ablationGroups, ablationTable, describeConfig, fullResultsTable, topOnDevTable } from './quality-tables.js'
import { readmeTable, referenceEngine } from './readme-table.js'
import { renderLocalization } from './localization-tables.js'
import { engineQualityTable, growthTable, pipelineTable, settingsList, speedRatioTable } from './speed-tables.js'

function loadLines(result: BenchResult): string {
  return result.load.map((l) => `- ${l.phase}: load average ${l.loadavg.join(' / ')} (1 / 5 / 15 min)`).join('\n')
}

function beforeAfter(result: BenchResult, corpora: readonly string[]): string {
  const rows = result.quality.rows
  const seedKey = result.selection.seed
  const seedTest = macroScore(rows, seedKey, 'test')
  const line = (name: string, key: string, config: Config): string[] => {
    const test = macroScore(rows, key, 'test')
    return [
      name,
      fixed(macroScore(rows, key, 'dev')),
      fixed(test),
      key === seedKey ? '' : delta(test - seedTest),
      ...corpora.map((c) => fixed(rowOf(rows, config, c, 'test')?.chunk.mrr10 ?? Number.NaN)),
      ...corpora.map((c) => fixed(rowOf(rows, config, c, 'test')?.file.recall10 ?? Number.NaN)),
    ]
  }
  const { best, bestContentOnly, bestCli } = result.selection
  const cli = cliDefaults()
  const cliBm25: Config = { ...cli, mode: 'bm25', maxPerFile: DEFAULT_MAX_PER_FILE, weights: undefined, tfidfAnalyzer: undefined }
  return table(
    ['configuration', 'MRR@10 dev (selection score)', 'MRR@10 test', 'test vs seed', ...corpora.map((c) => `${c} MRR@10 test`), ...corpora.map((c) => `${c} file R@10 test`)],
    [
      line(`before (seed): ${describeConfig(SEED_CONFIG)}`, seedKey, SEED_CONFIG),
      line(`after (best on dev): ${describeConfig(best.config)}`, best.key, best.config),
      ...(best.config.fields === 'content'
        ? []
        : [line(`after, today (its analyzers and weights, content only): ${describeConfig({ ...best.config, fields: 'content' })}`, configKey({ ...best.config, fields: 'content' }), { ...best.config, fields: 'content' })]),
      line(`best content-only on dev: ${describeConfig(bestContentOnly.config)}`, bestContentOnly.key, bestContentOnly.config),
      line(`best on dev with the CLI's engines: ${describeConfig(bestCli.config)}`, bestCli.key, bestCli.config),
      line(`the CLI's defaults (\`@rag/cli\` CONFIG_KEYS): ${describeConfig(cli)}`, configKey(cli), cli),
      line(`the CLI's BM25 stream alone: ${describeConfig(cliBm25)}`, configKey(cliBm25), cliBm25),
    ],
  )
}

function cliDefault<T>(key: string): T {
  const spec = CONFIG_KEYS.find((k) => k.key === key)
  if (spec?.default === undefined) throw new Error(`@rag/cli has no default for ${key}`)
  return spec.default as T
}

/** The configuration the `rag` CLI runs by default, read from its `CONFIG_KEYS`. */
export function cliDefaults(): Config {
  const analyzer = cliDefault<'compatible' | 'code-aware'>('analyzer')
  return {
    maxChars: SEED_CONFIG.maxChars,
    fields: cliDefault<Config['fields']>('index.fields'),
    mode: 'hybrid',
    store: 'sqlite',
    bm25Analyzer: analyzer,
    tfidfAnalyzer: analyzer,
    weights: [cliDefault<number>('search.weights.bm25'), cliDefault<number>('search.weights.tfidf')],
  }
}

/** Whether the CLI's defaults are the best configuration of its engines on dev, as a report line. */
function cliVerdict(result: BenchResult): string {
  const cli = configKey(cliDefaults())
  const best = result.selection.bestCli
  return cli === best.key
    ? `- The \`rag\` CLI's defaults (\`analyzer\`, \`index.fields\`, \`search.weights.*\`) are this configuration.`
    : `- **The \`rag\` CLI's defaults differ:** \`${cli}\` (dev ${fixed(macroScore(result.quality.rows, cli, 'dev'))}). Set them to the best on dev.`
}

const ANALYZER_EXPORT: Record<string, string> = {
  basic: '`basicAnalyzer` (@rag/core)',
  compatible: '`compatibleAnalyzer` (@rag/bm25)',
  'code-aware': '`codeAwareAnalyzer` (@rag/bm25)',
}

/** The recommended defaults as settings a reader can apply. */
function recommendation(config: Config): string {
  const lines: string[] = []
  if (config.mode !== 'tfidf') lines.push(`- \`BM25Stream\` analyzer: ${ANALYZER_EXPORT[config.bm25Analyzer ?? 'compatible']}.`)
  if (config.mode !== 'bm25') lines.push(`- \`InMemoryKnowledgeBase\` analyzer: ${ANALYZER_EXPORT[config.tfidfAnalyzer ?? 'basic']}.`)
  if (config.mode === 'hybrid') {
    const [wb, wt] = config.weights ?? [0.6, 0.4]
    lines.push(`- \`HybridRetriever\`: \`.stream(bm25, ${wb})\`, \`.stream(new KnowledgeBaseStream(kb), ${wt})\`; k 60, every stream read at least 50 deep (2 x topK for a larger topK, in tiers so topK never changes the order), \`maxPerFile\` 3 (unchanged).`)
  } else {
    lines.push(`- \`HybridRetriever\`: only the ${config.mode === 'bm25' ? 'BM25' : 'knowledge-base'} stream (weight 1); \`maxPerFile\` ${config.maxPerFile === null ? 'Infinity' : (config.maxPerFile ?? 'n/a')}.`)
  }
  lines.push(
    config.fields === 'content'
      ? '- Indexed text: the chunk content only (as now).'
      : `- Indexed text: ${config.fields === 'path' ? 'the `file` path' : config.fields === 'symbol' ? 'the symbol names' : 'the `file` path, then the symbol names'} (each on its own line) before the content; the stored and returned chunk stays unchanged.${config.fields === 'path+symbol' ? ' That is `indexedText: pathAndSymbolText` (@rag/core) in `BM25Stream` and `InMemoryKnowledgeBase`' : ''}; symbol names = \`qname\` (or \`symbol\`) plus the \`symbols\` list of a merged chunk, each once, space-separated.`,
  )
  lines.push(`- Chunker: \`maxChars\` ${config.maxChars} (unchanged).`)
  return lines.join('\n')
}

/** The whole report as markdown. */
export function renderMarkdown(result: BenchResult): string {
  const corpora = result.corpora.map((c) => c.name)
  const { best, bestContentOnly } = result.selection
  const sizes = [...new Set(result.quality.rows.map((r) => r.config.maxChars))].sort((a, b) => a - b)
  const named: [string, Config][] = [
    ['seed defaults', SEED_CONFIG],
    ['recommended (best on dev)', best.config],
    ['best on dev, content only', bestContentOnly.config],
    ['BM25 alone, compatible', { ...SEED_CONFIG, mode: 'bm25' }],
    ['BM25 alone, code-aware', { ...SEED_CONFIG, mode: 'bm25', bm25Analyzer: 'code-aware' }],
    ['TF-IDF alone, basic', { ...SEED_CONFIG, mode: 'tfidf' }],
    ['TF-IDF alone, code-aware', { ...SEED_CONFIG, mode: 'tfidf', tfidfAnalyzer: 'code-aware' }],
  ]
  const largest = result.scaling.points[result.scaling.points.length - 1]!
  const reference = referenceEngine(result)
  const out: string[] = []
  out.push(
    `# @rag benchmark report (${result.mode})`,
    '',
    `Run ${result.startedAt}, ${(result.durationMs / 60000).toFixed(1)} min on ${result.machine.cpus} x ${result.machine.cpuModel}, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}, ${result.machine.platform}.`,
    'Timing figures depend on what else ran; load during the run:',
    '',
    loadLines(result),
    '',
    'Reproduce: `pnpm build && cd bench && pnpm bench` (full; writes `bench/results/`), or `pnpm bench:smoke` / `pnpm test` in `bench/` (smoke: a few files, writes to `bench/results/tmp/smoke/`).',
    'Every number below comes from `bench/results/bench.json`; the full grid is in `bench/results/quality-grid.csv`.',
    '',
    '## Summary (for the README)',
    '',
    readmeTable(result),
    '',
    `Quality: test split (${result.peers.map((p) => `${p.corpus}: ${p.engines[0]?.queries ?? 0} queries`).join(', ')}; a fixed-hash sample where the split is larger), chunk-level MRR@10 and file-level Recall@10, chunks of at most 2,000 characters, each engine run the same way. Speed: ${largest.scale}x corpus (${largest.chunks} chunks of ${mb(largest.chars)} M chars of Python), top 10, ${result.scaling.timedQueries} timed queries per engine.`,
    '',
    '## Recommended defaults (chosen on the dev split only)',
    '',
    recommendation(best.config),
    '',
    `- Best overall: \`${best.key}\``,
    `- Best with content only: \`${bestContentOnly.key}\``,
    `- Seed: \`${result.selection.seed}\``,
    '',
    "The `rag` CLI runs both streams from its SQLite index (`@rag/store-sqlite`: `search` and `searchTfidf` compute the scores of `BM25Stream` and `InMemoryKnowledgeBase` from its FTS5 index, so these rows should equal their in-memory twins), so its candidates are the `store=sqlite` configurations, with one analyzer and one field set for both streams:",
    '',
    `- Best on dev with the CLI's engines: \`${result.selection.bestCli.key}\``,
    cliVerdict(result),
    '',
    beforeAfter(result, corpora),
    '',
    'Selection score: chunk-level MRR@10 on the dev queries, averaged over the corpora (each corpus counts the same). Candidates: configurations at the chunker\'s default size that a `HybridRetriever` with the SPEC\'s cap of 3 chunks per file ships (a single stream counts through a one-stream retriever); ties go to the first key in code-unit order. The ten best on dev:',
    '',
    topOnDevTable(result.quality.rows, corpora, rankOnDev(result.quality.rows, (c) => c.maxChars === SEED_CONFIG.maxChars && isShippable(c)), 10),
    '',
    '## Corpora and method',
    '',
    table(
      ['corpus', 'what', 'files', 'M chars', 'documented', 'left out: short query / short function / name / duplicate', 'queries', 'dev', 'test'],
      result.corpora.map((c) => [
        c.name,
        c.description,
        String(c.files),
        fixed(c.chars / 1e6, 1),
        String(c.queries.documented),
        `${c.queries.tooShortQuery} / ${c.queries.tooShortFunction} / ${c.queries.excludedName} / ${c.queries.duplicateQuery}`,
        String(c.queries.sampled),
        String(c.queries.dev),
        String(c.queries.test),
      ]),
    ),
    '',
    table(
      ['corpus', 'maxChars', 'chunks', 'chunking s', 'relevant chunks per query'],
      result.quality.cells.map((c) => [c.corpus, String(c.maxChars), String(c.chunks), fixed(c.chunkMs / 1000, 1), fixed(c.relevantPerQuery, 2)]),
    ),
    '',
    '- **Queries (CodeSearchNet method).** Query = the first sentence of a function\'s docstring (Python, found with python3\'s `ast`) or JSDoc description (TypeScript, found with the TypeScript compiler API; overloads and their implementation are one target). First paragraph only; `{@link X}` becomes `X`, markdown images, HTML tags and backticks are removed; the sentence ends at the first `.`, `!` or `?` that ends the text or precedes a capitalised word. Left out as CodeSearchNet does: queries of fewer than 3 words, functions of fewer than 3 lines, names containing `test`, constructors and dunder methods; and every query whose text occurs more than once in its corpus. Python queries are sampled by FNV-1a of `sample:<id>`; rxjs keeps all.',
    '- **Indexed text.** Every docstring (module, class, function) is blanked in the Python copy and every JSDoc comment in the TypeScript copy; line breaks stay, so line numbers are unchanged. Python: stdlib without tests, idlelib, lib2to3, turtledemo, ensurepip, pydoc_data, site-packages. Files are chunked by the real `@rag/chunker` (`createNormalizedDocumentChunker({ maxChars })`, other options default).',
    '- **Split.** `dev` when FNV-1a of `split:<id>` is even, else `test`; id = `corpus:file:qname:startLine`. Everything is chosen on dev; test is only reported.',
    '- **Chunk level.** Relevant chunks = chunks of the target\'s file whose line range overlaps the function\'s definition lines (first decorator or overload line to the last line of the body). Recall@k = a relevant chunk is among the first k results; MRR@10 = 1/rank of the first relevant chunk within 10; nDCG@10 = 1/log2(rank+1) of the first relevant chunk (the target counts once, ideal DCG = 1).',
    `- **File level.** The same query asks for 50 chunks; their files, deduplicated in rank order, are the file ranking; the target file is the function's file. Same metric definitions on that ranking. **R@20k chars**: a relevant chunk is among the top-50 results that fit, in rank order, within ${BUDGET_CHARS.toLocaleString('en')} characters (about 5,000 tokens): compares chunk sizes at equal reading cost.`,
    '- **Configurations.** BM25 = `BM25Stream` (k1 1.2, b 0.75, no capacity limit, no expiry); TF-IDF = `InMemoryKnowledgeBase` through `KnowledgeBaseStream`; hybrid = `HybridRetriever` with its defaults (RRF k 60, every stream read at least 50 deep and 2 x topK for a larger topK, at most 3 chunks per file), streams recorded once per query at depth 100 and replayed (valid because both streams rank deterministically). Analyzers: `basic` (core `basicAnalyzer`, the knowledge base default), `compatible` (seed, BM25Stream default), `code-aware` (identifier splitting). Fields: BM25Stream has no field option, so fields are evaluated by indexing a derived text (`file` path and/or `qname`/`symbol`/`symbols` lines before the content) while returning the original chunk.',
    '',
    '## Results, dev and test',
    '',
  )
  for (const corpus of corpora) out.push(`### ${corpus}`, '', fullResultsTable(result.quality.rows, corpus, named), '')
  out.push('## Ablations', '', 'Selection score (chunk-level MRR@10, mean over corpora) on dev and test, per corpus, and test-split recall figures. One dimension varies at a time.', '')
  for (const [base, name] of [
    [SEED_CONFIG, 'around the seed defaults'],
    [best.config, 'around the recommended configuration'],
  ] as const) {
    out.push(`### ${name[0]!.toUpperCase()}${name.slice(1)} (\`${configKey(base)}\`)`, '')
    for (const [title, configs] of ablationGroups(base, sizes, [...new Set(result.quality.rows.map((r) => r.config.fields))])) {
      out.push(`#### ${title}`, '', ablationTable(result.quality.rows, corpora, configs, base), '')
    }
  }
  out.push(
    '## Engines on the evaluation corpora (test split)',
    '',
    'Same chunks (maxChars 2,000, content only), same test queries (at most a fixed-hash sample, see the counts), scored exactly like the grid; each engine in a fresh process. `@rag BM25Stream` and `InMemoryKnowledgeBase` lines are the raw streams (no per-file cap).',
    '',
  )
  for (const peer of result.peers) out.push(`### ${peer.corpus} (${peer.engines[0]?.queries ?? 0} queries)`, '', engineQualityTable(peer.engines), '')
  if (result.localization !== undefined) out.push(renderLocalization(result.localization), '')
  out.push(
    '## Speed',
    '',
    `Same chunks for every engine: Python standard library (tests included) files in a fixed hashed order, cut by \`@rag/chunker\` (defaults); x = ${fixed(result.scaling.baseChars / 1e6, 1)} M chars. Each engine runs in a fresh Node process started with \`--expose-gc\`: one batch index, ${result.scaling.timedQueries} timed queries (docstring sentences) for the top 10 after warm-up. Heap = growth of V8 heap + external memory (typed arrays) after indexing and a full GC. Index CPU time (user + system, all threads) is steadier than wall time when other work shares the machine.`,
    '',
    `### Ratios at ${largest.scale}x (${largest.chunks} chunks), reference ${reference}`,
    '',
    speedRatioTable(largest.engines, reference),
    '',
    '### Growth from 1x to the largest size',
    '',
    '#### Index time (wall, ms)',
    '',
    growthTable(result.scaling.points, (e) => e.indexMs, ms),
    '',
    '#### Query p50 (ms)',
    '',
    growthTable(result.scaling.points, (e) => e.p50Ms, ms),
    '',
    '#### Query p95 (ms)',
    '',
    growthTable(result.scaling.points, (e) => e.p95Ms, ms),
    '',
    '#### Heap (MB)',
    '',
    growthTable(result.scaling.points, (e) => e.heapBytes, mb),
    '',
    '### Full pipeline (`FileIndexer` into `InMemoryKnowledgeBase` + `BM25Stream`) and chunking',
    '',
    `Files written to a temporary directory and backdated one minute (a checkout not edited in the last two seconds, so the stat fast path applies). Cold = a fresh indexer; no-op = the same indexer again; one-file edit = a line appended to a mid-sized file (${(largest.pipeline.editedFileBytes / 1024).toFixed(0)} KiB at ${largest.scale}x), twice (the first also loads the grammar on the calling thread). Workers: ${largest.pipeline.workers} threads. Analyzers: those of the recommended configuration. Raw parse = web-tree-sitter with the grammar @rag/chunker ships, single thread; chunking = \`@rag/chunker\` on the same files, single thread.`,
    '',
    pipelineTable(result.scaling.points),
    '',
    '## Engine settings',
    '',
    settingsList(largest.engines),
    '',
  )
  return out.join('\n')
}
