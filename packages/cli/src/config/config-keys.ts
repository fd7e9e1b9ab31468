import { redactUrl } from './redact-url.js'
import { availableParallelism } from 'node:os'
import { INDEXED_TEXTS, PRESETS, type AnalyzerName } from '@rag/session'
import { atMostFromProject, neverFromProject, onlyFromProject, type ProjectTrust } from './project-trust.js'
import { EMBEDDER_CONFIG_KEYS } from './embedder-keys.js'

/** A configuration value: a string, a number or a list of strings. */
export type ConfigValue = string | number | readonly string[]

/** How a key's value is checked and parsed from the environment. */
export type ConfigType =
  | { readonly kind: 'integer'; readonly min: number }
  /** A finite number greater than 0 (an RRF stream weight). */
  | { readonly kind: 'weight' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'list' }
  /** A non-empty string on one line (a URL, a model name, a variable name). */
  | { readonly kind: 'text' }

/** One configuration key. */
export interface ConfigKey {
  /** Dotted name, as nested objects in a config file: `search.topK` is `{ "search": { "topK": 5 } }`. */
  readonly key: string
  readonly type: ConfigType
  /** Absent: unset unless configured (the library default applies). */
  readonly default?: ConfigValue
  readonly description: string
  /** The value holds a credential: `rag config` shows it through this instead. */
  readonly redact?: (value: string) => string
  /** What the indexed repository's own rag.config.json may set (see `project-trust.ts`); absent: any valid value. */
  readonly fromProject?: ProjectTrust
}


const MiB = 1024 * 1024
// `@rag/ingest`'s DEFAULT_LIMITS.maxDepth and .maxFileBytes: the ceilings a repository's config may not raise.
const LIBRARY_MAX_DEPTH = 64
const LIBRARY_MAX_FILE_BYTES = 16 * MiB
// The CLI ranks with the `recommended` preset of `@rag/session`; its defaults come from that one table.
const RECOMMENDED = PRESETS.recommended
// The analyzers an index can be built with from the CLI (`basic` is only the seed's in-memory TF-IDF analyzer).
const INDEX_ANALYZERS: readonly AnalyzerName[] = ['compatible', 'code-aware']
const integer = (min: number): ConfigType => ({ kind: 'integer', min })
const text: ConfigType = { kind: 'text' }
const CHAT_DESTINATION = 'choose where questions and the API key go'

/**
 * The keys of `rag ask` and of `rag serve`'s chat. The API key itself is never a configuration
 * value: `chat.apiKeyEnv` names the environment variable that holds it. `chat.baseUrl` and
 * `chat.apiKeyEnv` decide where questions (and the key) go, so a repository's own
 * rag.config.json may not set them (see `project-trust.ts`); nor may it raise the limits above
 * their defaults.
 */
export const CHAT_CONFIG_KEYS: readonly ConfigKey[] = Object.freeze([
  { key: 'chat.baseUrl', type: text, redact: redactUrl, default: 'http://127.0.0.1:11434/v1', description: 'OpenAI-compatible API that `rag ask` and `rag serve` ask (--base-url; default: a local Ollama); never taken from a repository\'s rag.config.json', fromProject: neverFromProject(CHAT_DESTINATION) },
  { key: 'chat.model', type: text, description: 'model to ask, e.g. llama3.2 (--model); `rag serve` offers chat only when set' },
  { key: 'chat.apiKeyEnv', type: text, default: 'RAG_CHAT_API_KEY', description: 'the environment variable that holds the API key (the key is never a configuration value); never taken from a repository\'s rag.config.json', fromProject: neverFromProject(CHAT_DESTINATION) },
  { key: 'chat.timeoutMs', type: integer(1), default: 120_000, description: 'how long to wait for the model to start answering, per attempt', fromProject: atMostFromProject(120_000) },
  { key: 'chat.maxRetries', type: integer(0), default: 3, description: 'retries of 408, 429, 5xx, timeouts and network failures before the answer starts', fromProject: atMostFromProject(3) },
  { key: 'chat.contextTokens', type: integer(1), default: 3000, description: 'token budget of the retrieved context sent with a question (--context-tokens)', fromProject: atMostFromProject(3000) },
  { key: 'chat.historyTokens', type: integer(1), default: 2000, description: 'token budget of a conversation\'s history in `rag serve`', fromProject: atMostFromProject(2000) },
] satisfies ConfigKey[])

/**
 * Every configuration key of the CLI. The admission limits are raised above the library's seed
 * defaults (4,096 files, 64 MiB): the CLI indexes whole repositories. So are the ignore-file caps
 * (seed: 64 KiB and 1,024 rules; the largest of 980 real ignore files and github/gitignore
 * templates in the ignore corpus has 705 rules in 31 KB, and generated ignore files of 10,000
 * rules exist): a project's own `.gitignore` must never lock it out.
 *
 * `fromProject` marks what the indexed repository's own rag.config.json may not set: unfenced
 * prompts, where the index, questions and credentials go, and limits above their defaults (see
 * `project-trust.ts`). Such values there are ignored with a warning naming the key and the file.
 */
export const CONFIG_KEYS: readonly ConfigKey[] = Object.freeze([
  { key: 'analyzer', type: { kind: 'enum', values: INDEX_ANALYZERS }, default: RECOMMENDED.analyzer, description: 'BM25 analyzer of the index (changing it needs `rag clear` and a re-index); code-aware is the default because it ranks best on the evaluation (bench/results/REPORT.md)' },
  { key: 'search.topK', type: integer(1), default: 10, description: 'results of `rag search` and `rag prompt` (-k)' },
  { key: 'search.maxPerFile', type: integer(1), default: RECOMMENDED.maxPerFile, description: 'most results from one file' },
  { key: 'search.weights.bm25', type: { kind: 'weight' }, default: RECOMMENDED.weights.bm25, description: 'RRF weight of the BM25 stream; the recommended preset\'s weights are the default because they rank best on the evaluation (bench/results/REPORT.md)' },
  { key: 'search.weights.tfidf', type: { kind: 'weight' }, default: RECOMMENDED.weights.tfidf, description: 'RRF weight of the TF-IDF stream (same index, same analyzer and fields)' },
  { key: 'prompt.format', type: { kind: 'enum', values: ['fenced', 'plain'] }, default: 'fenced', description: 'layout of `rag prompt` (--format)', fromProject: onlyFromProject('fenced', 'switch off the fencing of `rag prompt` that marks retrieved text as data, not instructions') },
  { key: 'prompt.maxTokens', type: integer(1), description: 'token budget of `rag prompt` (--max-tokens)' },
  { key: 'index.fields', type: { kind: 'enum', values: Object.keys(INDEXED_TEXTS) }, default: RECOMMENDED.indexedText, description: 'what the index analyses for each chunk: its file path and symbol names before the content, or the content alone (changing it needs `rag clear` and a re-index); path+symbol is the default because it ranks best on the evaluation (bench/results/REPORT.md)' },
  { key: 'index.include', type: { kind: 'list' }, default: [], description: 'only files matching these globs (gitignore syntax)' },
  { key: 'index.exclude', type: { kind: 'list' }, default: [], description: 'skip files and directories matching these globs' },
  { key: 'index.extraSkipNames', type: { kind: 'list' }, default: [], description: 'more names to skip anywhere (`tmp*` is a prefix)' },
  { key: 'index.maxFiles', type: integer(1), default: 50_000, description: 'most files admitted', fromProject: atMostFromProject(50_000) },
  { key: 'index.maxEntries', type: integer(1), default: 200_000, description: 'most walk entries', fromProject: atMostFromProject(200_000) },
  { key: 'index.maxDecodedBytes', type: integer(1), default: 512 * MiB, description: 'most decoded text in total', fromProject: atMostFromProject(512 * MiB) },
  { key: 'index.maxDepth', type: integer(1), description: 'deepest path (default 64)', fromProject: atMostFromProject(LIBRARY_MAX_DEPTH) },
  { key: 'index.maxFileBytes', type: integer(1), description: 'largest file read; larger ones are skipped and reported (default 16 MiB)', fromProject: atMostFromProject(LIBRARY_MAX_FILE_BYTES) },
  { key: 'index.maxIgnoreFileBytes', type: integer(1), default: 4 * MiB, description: 'largest .gitignore / .tnsignore / .git/info/exclude read; a larger one stops the run', fromProject: atMostFromProject(4 * MiB) },
  { key: 'index.maxIgnoreSelectors', type: integer(1), default: 100_000, description: 'most rules in one ignore file; more stops the run', fromProject: atMostFromProject(100_000) },
  { key: 'ignore.negation', type: { kind: 'enum', values: ['git', 'reject'] }, default: 'git', description: 'what "!" means in ignore files: git re-includes as git does; reject makes any "!" a configuration error naming file and line (the seeds\' rule)' },
  { key: 'index.layers', type: { kind: 'enum', values: ['on', 'off'] }, description: 'extract code layers (symbols, dependencies, routes and commands) while indexing, for `rag symbols`, `rag deps` and `rag routes` (--layers / --no-layers); adds about a third to a cold index; default: as the index was built (off for a new one)' },
  { key: 'index.workers', type: integer(0), description: 'worker threads for chunking (default: one per core; 0: none)', fromProject: atMostFromProject(availableParallelism()) },
  { key: 'chunker.maxChars', type: integer(16), description: 'largest chunk in characters (default 2000)' },
  { key: 'chunker.minChars', type: integer(0), description: 'smaller chunks merge with neighbours (default 150)' },
  { key: 'chunker.overlapChars', type: integer(0), description: 'overlap of text windows (default 200)' },
  { key: 'store.url', type: { kind: 'text' }, redact: redactUrl, description: 'where the index lives: unset for the embedded SQLite file in <root>/.rag/, or postgres://user:password@host:5432/db for a PostgreSQL database shared by many machines and servers (credentials are never printed)', fromProject: neverFromProject('choose where the index (the code) and database credentials go') },
  { key: 'store.project', type: { kind: 'text' }, description: 'with store.url: the project (repo_id) this root indexes into; default: the project .rag/postgres.json recorded when the root was first indexed (its absolute path then; a moved checkout keeps it, a copy of a checkout gets its own path), else the absolute path of the root. Give every checkout of one repository the same name to share its index' },
  { key: 'store.poolSize', type: integer(1), default: 10, description: 'with store.url: most connections to PostgreSQL per process', fromProject: atMostFromProject(10) },
  { key: 'store.statementTimeoutMs', type: integer(0), default: 30_000, description: 'with store.url: longest one SQL statement may run (0: no limit)', fromProject: { accepts: (value) => typeof value === 'number' && value >= 1 && value <= 30_000, because: 'raise this limit above its default of 30000 or switch it off (0)' } },
  { key: 'watch.debounceMs', type: integer(0), default: 300, description: 'quiet time after a change before `rag watch` re-indexes' },
  ...CHAT_CONFIG_KEYS,
  ...EMBEDDER_CONFIG_KEYS,
] satisfies ConfigKey[])

/** The environment variable of a key: `search.topK` → `RAG_SEARCH_TOP_K`. */
export function envName(key: string): string {
  return `RAG_${key
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase())
    .join('_')}`
}

/** What a key expects, for error messages. */
export function describeType(type: ConfigType): string {
  switch (type.kind) {
    case 'integer':
      return type.min === 1 ? 'a positive integer' : `an integer of at least ${type.min}`
    case 'weight':
      return 'a number greater than 0'
    case 'enum':
      return `one of ${type.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'list':
      return 'a list of strings'
    case 'text':
      return 'a non-empty string on one line'
  }
}
