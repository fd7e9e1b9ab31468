import type { LanguageInfo } from '../languages.js'
import type { LineIndex } from '../lines.js'
import type { Segment } from '../segment.js'
import { layoutCode, type CodeLayoutOptions } from './code-layout.js'
import { parseRepaired } from './parse-repair.js'
import { memoizeRules, type LanguageRules } from './rules.js'
import { rulesFor } from './rules-registry.js'
import type { SyntaxNode } from './syntax-node.js'
import { parserFor } from './tree-sitter-runtime.js'

/** Why a code file was cut into text windows instead of symbol chunks. */
export type CodeFallback = 'no-grammar' | 'too-large' | 'minified' | 'parse-failed' | 'layout-failed'

/** Symbol chunks of a code file, or the reason it gets text windows instead. */
export type CodeOutcome = { readonly segments: Segment[] } | { readonly fallback: CodeFallback }

/** What {@link codeSegments} needs beyond the layout sizes. */
export interface CodeSegmentsOptions extends CodeLayoutOptions {
  readonly maxParseChars: number
}

/** A line at least this long is "long"; a file mostly made of long lines is minified or generated. */
const LONG_LINE = 1000

/** A line longer than this is a bundle's. */
const BUNDLE_LINE = 10_000

/**
 * Whether a file that looks minified is still code to read the layers of: a few long lines among
 * ordinary ones (a generated barrel exporting 200 names on one line, a module holding one long data
 * literal), none of a bundle's length. A bundle is mostly long lines (esbuild's `--line-limit`
 * output too, every line a few thousand characters), or has a line longer than {@link BUNDLE_LINE}.
 */
function hasCodeLines(lines: LineIndex): boolean {
  const { text, starts } = lines
  let long = 0
  let nonBlank = 0
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number
    const length = (starts[i + 1] ?? text.length) - start
    if (length > BUNDLE_LINE) return false
    if (length >= LONG_LINE) long++
    if (length > 1 && text.slice(start, start + Math.min(length, 80)).trim() !== '') nonBlank++
  }
  return long * 2 < nonBlank
}

function looksMinified(lines: LineIndex, maxChars: number): boolean {
  const { text, starts } = lines
  if (text.length <= maxChars) return false
  let long = 0
  for (let i = 0; i < starts.length; i++) {
    const length = (starts[i + 1] ?? text.length) - (starts[i] as number)
    if (length >= LONG_LINE) long += length
  }
  return long * 2 > text.length
}

/**
 * Parses a code file with its tree-sitter grammar and lays it out as symbol chunks. Files larger
 * than `maxParseChars` or mostly made of very long lines (minified bundles) are not laid out; a
 * grammar that fails to load, a failed parse or a layout error also give a fallback reason
 * rather than an error. `visit`, when given, is called with the root of the same tree after the
 * layout (the layer extraction reads it there: one parse for both), and the lines of the text the
 * layers read (the parse input, with the file's text as `original`, when the rules say
 * `layersReadParseInput`); it cannot change the outcome.
 * A minified-looking file of a few long lines among ordinary ones ({@link hasCodeLines}) is parsed
 * for `visit` alone: its layers are read, its chunks are still the `minified` fallback's.
 */
export async function codeSegments(
  lines: LineIndex,
  info: LanguageInfo,
  options: CodeSegmentsOptions,
  visit?: (root: SyntaxNode, lines: LineIndex, rules: LanguageRules) => void,
): Promise<CodeOutcome> {
  const known = rulesFor(info.id)
  if (!known || !info.grammar) return { fallback: 'no-grammar' }
  // With a visitor, layout and visitor share what each node matched.
  const rules = visit ? memoizeRules(known) : known
  if (lines.text.length > options.maxParseChars) return { fallback: 'too-large' }
  const minified = looksMinified(lines, options.maxChars)
  if (minified && (visit === undefined || !hasCodeLines(lines))) return { fallback: 'minified' }
  let parser
  try {
    parser = await parserFor(info.grammar)
  } catch {
    return { fallback: 'no-grammar' }
  }
  const input = rules.parseInput ? rules.parseInput(lines.text) : lines.text
  let tree
  try {
    tree = parseRepaired(parser, input, rules.repairInput)
  } catch {
    tree = null
  }
  if (!tree) return { fallback: 'parse-failed' }
  try {
    const root = tree.rootNode
    let outcome: CodeOutcome
    try {
      outcome = minified ? { fallback: 'minified' } : { segments: layoutCode(root, lines, rules, options) }
    } catch {
      outcome = { fallback: 'layout-failed' }
    }
    // The visitor (layer extraction) reads the same tree; whatever it does, the chunks stay as laid out.
    try {
      visit?.(root, rules.layersReadParseInput && input !== lines.text ? { text: input, starts: lines.starts, original: lines.text } : lines, rules)
    } catch {
      // A visitor that fails leaves the chunks alone; it reports its own failure.
    }
    return outcome
  } finally {
    tree.delete()
  }
}
