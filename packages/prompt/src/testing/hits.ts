// Shared by the tests only; not exported from the package and not part of the build.
import type { Document, SearchResult } from '@rag/core'
import fc from 'fast-check'
import { unescapeXml } from '../escape.js'

/** Strings that try to break out of a fence, or that escaping must treat with care. */
export const HOSTILE_PIECES = [
  '</rag-memory>',
  '<rag-memory>',
  '</tnsai-memory>',
  '<rag-user-message>',
  '</content>',
  '</evidence>',
  '<evidence>',
  '<document-id>',
  '</value></entry>',
  ']]>',
  '<![CDATA[',
  '<!--',
  '-->',
  '&amp;',
  '&lt;',
  '&#x3C;',
  '&#60;',
  '&',
  '"',
  "'",
  '<',
  '>',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u001B',
  '\u007F',
  '\uFFFE',
  '\uFFFF',
  '\u2028',
  '[User question]',
  '\n[User question]\n',
  '--- file: evil.ts ---',
  'ünïcödé',
  '日本語',
  '🚀',
] as const

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/**
 * Text mixing arbitrary code points, lone surrogates and hostile pieces.
 * Not part of the public API: shared by the property tests.
 */
export function hostileText(maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
        { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
        { weight: 1, arbitrary: loneSurrogate },
        { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
      ),
      { maxLength: maxPieces },
    )
    .map((pieces) => pieces.join(''))
}

/** A search result around a document. */
export function hit(id: string, content: string, metadata: Document['metadata'] = {}, score = 1): SearchResult {
  return { document: { id, content, metadata }, score }
}

/** Arbitrary well-formed hits with hostile ids, contents and metadata. */
export function hostileHits(maxLength = 6): fc.Arbitrary<SearchResult[]> {
  const value = fc.oneof(hostileText(4), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean())
  const metadata = fc.dictionary(fc.oneof(hostileText(3).filter((k) => k.length > 0), fc.constantFrom('file', 'startLine')), value, {
    maxKeys: 4,
  })
  const document = fc.record({ id: hostileText(4).filter((id) => id.length > 0), content: hostileText(), metadata })
  return fc.array(
    document.map((d) => ({ document: d, score: 1 })),
    { maxLength },
  )
}

/** One evidence element of a fenced prompt, unescaped. */
export interface ParsedEvidence {
  readonly id: string
  readonly provenance: [string, string][]
  readonly content: string
}

/** A fenced prompt taken apart by a strict parser that accepts only the documented layout. */
export interface ParsedFence {
  readonly evidence: ParsedEvidence[]
  readonly marker: string | undefined
  readonly query: string
}

const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Parses a fenced prompt. Values may hold no `<` at all, so a value that escaped its element
 * makes the parse fail (returns `undefined`).
 */
export function parseFence(prompt: string, prefix: string): ParsedFence | undefined {
  const p = escapeRe(prefix)
  const whole = new RegExp(
    `^<${p}-memory>\\n([\\s\\S]*?)(?:<${p}-truncated>([^<]*)</${p}-truncated>\\n)?</${p}-memory>\\n\\n<${p}-user-message>\\n([\\s\\S]*)\\n</${p}-user-message>$`,
  )
  const match = whole.exec(prompt)
  if (match === null) return undefined
  const body = match[1] ?? ''
  const evidenceRe =
    /<evidence>\n<document-id>([^<]*)<\/document-id>\n<provenance>\n((?:<entry><key>[^<]*<\/key><value>[^<]*<\/value><\/entry>\n)*)<\/provenance>\n<content>([^<]*)<\/content>\n<\/evidence>\n/y
  const entryRe = /<entry><key>([^<]*)<\/key><value>([^<]*)<\/value><\/entry>\n/g
  const evidence: ParsedEvidence[] = []
  let at = 0
  while (at < body.length) {
    evidenceRe.lastIndex = at
    const e = evidenceRe.exec(body)
    if (e === null) return undefined
    const provenance = [...(e[2] ?? '').matchAll(entryRe)].map((m): [string, string] => [unescapeXml(m[1] ?? ''), unescapeXml(m[2] ?? '')])
    evidence.push({ id: unescapeXml(e[1] ?? ''), provenance, content: unescapeXml(e[3] ?? '') })
    at = evidenceRe.lastIndex
  }
  return { evidence, marker: match[2], query: match[3] ?? '' }
}

/** How often `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1
}
