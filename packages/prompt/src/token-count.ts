import { InvalidArgumentError, RagError } from '@rag/core'

/**
 * Counts the tokens of a text for one model's tokenizer. Must be deterministic and return a
 * finite number of at least 0; longer text should never count fewer tokens than its prefix.
 *
 * @example
 * import { encode } from 'gpt-tokenizer'
 * const countTokens: TokenCounter = (text) => encode(text).length
 */
export type TokenCounter = (text: string) => number

/**
 * The default {@link TokenCounter}: a conservative estimate that needs no tokenizer.
 *
 * - one token per 3 ASCII characters, rounded up (byte-pair tokenizers such as `cl100k_base`
 *   and `o200k_base` average roughly 4 characters per token on English and source code),
 * - one token per non-ASCII character of the Basic Multilingual Plane (Cyrillic, Greek, CJK, ...),
 * - two tokens per character above U+FFFF (emoji, rare CJK).
 *
 * It overestimates typical English prose and code, but it is not an upper bound: punctuation-dense
 * code (regular expressions: up to 2.2× the estimate under `o200k_base`), entity references,
 * whitespace runs, symbols and some scripts count more, as do random base64 or hex (see the
 * README for measured ratios). Pass the model's own counter as `countTokens` when the budget is a
 * hard limit.
 *
 * @example
 * estimateTokens('const x = 1') // 4
 */
export function estimateTokens(text: string): number {
  let ascii = 0
  let extra = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) {
      ascii++
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        extra += 2
        i++
      } else {
        extra += 1
      }
    } else {
      extra += 1
    }
  }
  return Math.ceil(ascii / 3) + extra
}

/**
 * Wraps a counter so that a throw or a result that is not a finite number of at least 0 becomes a
 * typed error naming the problem.
 *
 * @throws RagError (`INTERNAL`) when the counter throws, with the original error as `cause`;
 * InvalidArgumentError when it returns something else than a finite number >= 0.
 */
export function checkedCounter(counter: TokenCounter): TokenCounter {
  return (text) => {
    let tokens: unknown
    try {
      tokens = counter(text)
    } catch (cause) {
      throw new RagError('INTERNAL', `countTokens threw while counting a text of ${text.length} characters.`, { cause })
    }
    if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) {
      const received = typeof tokens === 'number' ? String(tokens) : `a value of type ${typeof tokens}`
      throw new InvalidArgumentError(`countTokens must return a finite number of at least 0; received ${received}.`)
    }
    return tokens
  }
}
