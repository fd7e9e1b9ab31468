import { describeValue, InvalidArgumentError } from '@rag/core'
import { estimateTokens, type TokenCounter } from './token-count.js'

/**
 * Which layout to render: the injection-safe XML fence of seed 001, seed 000's plain text, or a
 * numbered list of hits for an agent's tool result (`path:start-end  score  language` and the
 * content in a code fence; no question).
 */
export type ContextPromptFormat = 'fenced' | 'plain' | 'list'

/** A named bundle of options. `tnsai` reproduces seed 001 byte for byte: fenced, prefix `tnsai`. */
export type ContextPromptPreset = 'tnsai'

/** Options of {@link buildContextPrompt} and {@link renderContextPrompt}. All are optional. */
export interface ContextPromptOptions {
  /**
   * `fenced` wraps every hit, XML-escaped, in `<PREFIX-memory>` (injection-safe); `plain` is the
   * older `[Relevant code context]` layout, kept for compatibility and not injection-safe; `list`
   * numbers the hits for an agent's tool result (`N. path:start-end  score S  language`, the
   * content in a code fence no content line can close), without the question.
   *
   * @default 'fenced'
   */
  readonly format?: ContextPromptFormat
  /**
   * The prefix of the fence's own tags: `<PREFIX-memory>`, `<PREFIX-user-message>`,
   * `<PREFIX-truncated>`. A letter, then letters, digits, `-` or `_`. Fenced format only.
   *
   * @default 'rag'
   */
  readonly tagPrefix?: string
  /**
   * `tnsai` sets `format: 'fenced'` and `tagPrefix: 'tnsai'`, reproducing seed 001. Combining it
   * with a different `format` or `tagPrefix` is an error rather than a silent override.
   */
  readonly preset?: ContextPromptPreset
  /**
   * The most tokens (per `countTokens`) the returned prompt may have: a positive integer. Hits
   * are kept in rank order; the first one that does not fit is cut on a line boundary or dropped,
   * and a marker inside the frame says what was left out. When not even one hit fits, the query
   * is returned unchanged.
   *
   * @default undefined (no budget)
   */
  readonly maxTokens?: number
  /**
   * Counts the tokens of a text. Pass the model's own tokenizer when the budget is a hard limit.
   *
   * @default estimateTokens (a conservative estimate: 3 ASCII characters or 1 other character per token)
   */
  readonly countTokens?: TokenCounter
  /**
   * The metadata keys to render as provenance, in this order; keys a document lacks are skipped.
   * An empty list renders no provenance entries. Fenced format only (the plain format shows
   * `file`, `startLine` and `endLine` in its header).
   *
   * @default undefined: every metadata key, `file` first, then the rest in the document's own key order
   */
  readonly provenanceKeys?: readonly string[]
}

/** Options after defaults, presets and validation. */
export interface ResolvedOptions {
  readonly format: ContextPromptFormat
  readonly tagPrefix: string
  readonly maxTokens: number | undefined
  readonly countTokens: TokenCounter
  readonly provenanceKeys: readonly string[] | undefined
}

const KNOWN_KEYS = new Set(['format', 'tagPrefix', 'preset', 'maxTokens', 'countTokens', 'provenanceKeys'])
const TAG_PREFIX = /^[A-Za-z][A-Za-z0-9_-]*$/

function fail(message: string): never {
  throw new InvalidArgumentError(message)
}

function resolveProvenanceKeys(keys: unknown): readonly string[] | undefined {
  if (keys === undefined) return undefined
  if (!Array.isArray(keys)) fail(`options.provenanceKeys must be an array of metadata keys; received ${describeValue(keys)}.`)
  const seen = new Set<string>()
  keys.forEach((key: unknown, i) => {
    if (typeof key !== 'string' || key.length === 0) {
      fail(`options.provenanceKeys[${i}] must be a non-empty string; received ${describeValue(key)}.`)
    }
    if (seen.has(key)) fail(`options.provenanceKeys[${i}]: key ${describeValue(key)} appears more than once.`)
    seen.add(key)
  })
  return [...seen]
}

/**
 * Applies defaults and the preset, and validates every option. Invalid options are a programming
 * error, so they throw instead of falling back to the query.
 *
 * @throws InvalidArgumentError naming the option and the received value.
 */
export function resolveOptions(options: unknown): ResolvedOptions {
  if (options === undefined) options = {}
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    fail(`options must be an object; received ${describeValue(options)}.`)
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_KEYS.has(key)) fail(`options.${key} is not a known option; expected one of ${[...KNOWN_KEYS].join(', ')}.`)
  }
  const { format, tagPrefix, preset, maxTokens, countTokens, provenanceKeys } = options as Record<string, unknown>

  if (preset !== undefined && preset !== 'tnsai') fail(`options.preset must be "tnsai"; received ${describeValue(preset)}.`)
  if (format !== undefined && format !== 'fenced' && format !== 'plain' && format !== 'list') {
    fail(`options.format must be "fenced", "plain" or "list"; received ${describeValue(format)}.`)
  }
  if (tagPrefix !== undefined && (typeof tagPrefix !== 'string' || !TAG_PREFIX.test(tagPrefix))) {
    fail(`options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received ${describeValue(tagPrefix)}.`)
  }
  if (preset === 'tnsai') {
    if (format === 'plain' || format === 'list') fail(`options.preset "tnsai" is a fenced layout; it cannot be combined with format "${format}".`)
    if (tagPrefix !== undefined && tagPrefix !== 'tnsai') {
      fail(`options.preset "tnsai" sets tagPrefix "tnsai"; received a conflicting tagPrefix ${describeValue(tagPrefix)}.`)
    }
  }
  if (maxTokens !== undefined && (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1)) {
    fail(`options.maxTokens must be a positive integer; received ${describeValue(maxTokens)}.`)
  }
  if (countTokens !== undefined && typeof countTokens !== 'function') {
    fail(`options.countTokens must be a function (text) => number; received ${describeValue(countTokens)}.`)
  }

  return {
    format: (format as ContextPromptFormat | undefined) ?? 'fenced',
    tagPrefix: preset === 'tnsai' ? 'tnsai' : ((tagPrefix as string | undefined) ?? 'rag'),
    maxTokens: maxTokens as number | undefined,
    countTokens: (countTokens as TokenCounter | undefined) ?? estimateTokens,
    provenanceKeys: resolveProvenanceKeys(provenanceKeys),
  }
}
