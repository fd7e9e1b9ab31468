import type { Document, Metadata } from '@rag/core'
import type { PromptLayout, RenderedBlock } from './layout.js'

// A content line that reads like one of the frame's own lines: the two section headers, a block
// header (`--- ... ---`) or the truncation marker (`[... ]`).
// Invisible characters before it (zero-width, direction marks, BOM), and those, spaces, tabs or
// no-break spaces after it, still read as a frame line (an indented line does not).
const FRAME_LIKE_LINE = /^[\u200b-\u200f\u2060\ufeff]*(?:\[Relevant code context\]|\[User question\]|--- .* ---|\[\.\.\. .*\])[\t \u00a0\u200b-\u200f\u2060\ufeff]*\r?$/gm
const TRAILING_LINE_BREAKS = /(?:\r?\n)+$/
// Characters that would break the one-line header apart.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HEADER_BREAKING = /[\u0000-\u001F\u007F\u2028\u2029]/g

function lineNumber(value: Metadata[string] | undefined): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : undefined
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) {
    const parsed = Number(value)
    return Number.isSafeInteger(parsed) ? parsed : undefined
  }
  return undefined
}

/**
 * The header line of one block: `--- file: PATH (lines A-B) ---`.
 *
 * - no usable `file` (missing or not a non-empty string): `--- document: ID ---` instead;
 * - the line part only when `startLine` and `endLine` are both positive integers (numbers or
 *   digit strings) with `startLine <= endLine`; otherwise it is left out;
 * - line breaks and other control characters in the path or id become U+FFFD, so the header
 *   stays one line.
 */
export function plainHeader(document: Document): string {
  const { file, startLine, endLine } = document.metadata
  const label = typeof file === 'string' && file.length > 0 ? `file: ${file}` : `document: ${document.id}`
  const start = lineNumber(startLine)
  const end = lineNumber(endLine)
  const lines = start !== undefined && end !== undefined && start <= end ? ` (lines ${start}-${end})` : ''
  return `--- ${label.replace(HEADER_BREAKING, '\uFFFD')}${lines} ---\n`
}

/**
 * The content of one block: trailing line breaks removed (the layout adds its own blank line),
 * and every line that reads like a frame line (`[Relevant code context]`, `[User question]`,
 * `--- ... ---`, `[... ...]`) indented by one space, so that every frame line of the prompt is
 * the renderer's own. Nothing else changes.
 */
export function plainBody(content: string): string {
  return content.replace(TRAILING_LINE_BREAKS, '').replace(FRAME_LIKE_LINE, (line) => ` ${line}`)
}

/**
 * The plain layout of seed 000, byte for byte:
 *
 * ```text
 * [Relevant code context]
 * --- file: src/auth/Middleware.java (lines 15-45) ---
 * CONTENT
 *
 * --- file: src/auth/TokenValidator.java (lines 1-30) ---
 * CONTENT
 *
 * [User question]
 * QUERY
 * ```
 *
 * A truncation marker `[... NOTE]` and a blank line go before `[User question]`. The query is
 * inserted unchanged and there is no trailing newline.
 *
 * This format exists for compatibility with seed 000 consumers. It is not injection-safe: the
 * content is not escaped, so a chunk can still address the model in its own words. Frame-like
 * lines are neutralised (see {@link plainBody}); use the fenced format for untrusted code.
 */
export function createPlainLayout(query: string): PromptLayout {
  return {
    start: '[Relevant code context]\n',
    block: (document: Document): RenderedBlock => ({
      before: plainHeader(document),
      body: plainBody(document.content),
      after: '\n\n',
    }),
    marker: (note) => `[... ${note}]\n\n`,
    end: `[User question]\n${query}`,
  }
}
