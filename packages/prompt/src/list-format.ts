import type { Document } from '@rag/core'
import type { PromptLayout, RenderedBlock } from './layout.js'

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKING = /[\u0000-\u001F\u007F\u2028\u2029]/g
const TRAILING_WHITESPACE = /\s+$/

/**
 * `text` kept on one line: its control characters and Unicode line separators become U+FFFD (a
 * path, name or route from the indexed repository then cannot start a line of its own that reads
 * like another result).
 *
 * @example
 * oneLine('GET /a\nGET /forged') // 'GET /a\uFFFDGET /forged'
 */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, '\uFFFD')
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? oneLine(value) : undefined
}

function line(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined
}

/** A code fence longer than any run of backticks in `content`, so no content line can close it. */
export function fenceFor(content: string): string {
  let longest = 0
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}

/**
 * The header of one hit: `3. src/auth.ts:12-40  score 0.0164  typescript` (the id when there is no
 * `file`; the range only when both lines are positive integers). Control characters in the path
 * or language become U+FFFD, so the header stays one line.
 */
export function listHeader(document: Document, rank: number, score: number): string {
  const { file, startLine, endLine, language } = document.metadata
  const start = line(startLine)
  const end = line(endLine) ?? start
  const range = start === undefined ? '' : `:${start}-${end}`
  const lang = text(language)
  return `${rank + 1}. ${text(file) ?? oneLine(document.id)}${range}  score ${score.toFixed(4)}${lang ? `  ${lang}` : ''}`
}

/**
 * The list layout for an agent's tool result (`search_code` of `@rag/mcp`):
 *
 * ````text
 * 2 results for "verify token":
 *
 * 1. src/auth.ts:1-3  score 0.0164  typescript
 * ```typescript
 * export function verifyToken(...) { ... }
 * ```
 *
 * 2. ...
 * ````
 *
 * Each hit's content sits in a code fence longer than any backtick run inside it; trailing
 * whitespace is dropped. A truncation marker `[... NOTE]` closes a cut list. There is no question:
 * the agent asked it. Like the plain layout, it is not injection-safe.
 */
export function createListLayout(query: string, scores: readonly number[]): PromptLayout {
  const count = scores.length
  return {
    start: `${count} result${count === 1 ? '' : 's'} for ${JSON.stringify(query)}:\n\n`,
    block: (document: Document, rank: number): RenderedBlock => {
      const content = document.content.replace(TRAILING_WHITESPACE, '')
      const fence = fenceFor(content)
      const lang = text(document.metadata.language) ?? ''
      return {
        before: `${listHeader(document, rank, scores[rank] ?? 0)}\n${fence}${lang.replace(/\s/g, '')}\n`,
        body: content,
        after: `\n${fence}\n\n`,
      }
    },
    marker: (note) => `[... ${note}]\n`,
    end: '',
  }
}
