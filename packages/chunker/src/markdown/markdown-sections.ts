import type { MetadataValue } from '@rag/core'
import { lineCount, lineStart, type LineIndex } from '../lines.js'
import type { Segment } from '../segment.js'
import { lineUnits, packUnits, type Unit } from '../units.js'
import { parseFrontmatter } from './frontmatter.js'
import { markdownBlocks, scanMarkdown, type Heading } from './markdown-blocks.js'

/** Sizes for markdown. */
export interface MarkdownOptions {
  readonly maxChars: number
  readonly minChars: number
}

/** The sections of a markdown file, and its frontmatter as metadata for every chunk. */
export interface MarkdownLayout {
  readonly segments: Segment[]
  readonly fields: Readonly<Record<string, MetadataValue>>
}

interface Section {
  first: number
  readonly last: number
  readonly heading: Heading | undefined
  readonly path: string
  readonly parentPath: string
}

const lineText = (lines: LineIndex, row: number): string =>
  lines.text.slice(lineStart(lines, row), lineStart(lines, row + 1)).trim()

function isBlankRows(lines: LineIndex, first: number, last: number): boolean {
  return lines.text.slice(lineStart(lines, first), lineStart(lines, last + 1)).trim() === ''
}

/** Sections by heading, each with its heading trail; the text before the first heading is a preamble. */
function sections(lines: LineIndex, headings: readonly Heading[], bodyStart: number, rows: number): Section[] {
  const out: Section[] = []
  const firstHeading = headings[0]?.row ?? rows
  if (firstHeading > 0) out.push({ first: 0, last: firstHeading - 1, heading: undefined, path: '', parentPath: '' })
  const trail: Heading[] = []
  headings.forEach((heading, i) => {
    while ((trail.at(-1)?.level ?? 0) >= heading.level) trail.pop()
    const parentPath = trail.map((h) => h.title).join(' > ')
    trail.push(heading)
    const last = (headings[i + 1]?.row ?? rows) - 1
    out.push({ first: heading.row, last, heading, path: trail.map((h) => h.title).join(' > '), parentPath })
  })
  // A section with nothing under its heading reads better as the start of the next one.
  const merged: Section[] = []
  for (let i = 0; i < out.length; i++) {
    const section = out[i] as Section
    const next = out[i + 1]
    const body = section.heading ? section.heading.row + section.heading.rows : bodyStart
    if (next && section.heading && (body > section.last || isBlankRows(lines, body, section.last))) {
      next.first = section.first
      continue
    }
    merged.push(section)
  }
  return merged
}

/**
 * Splits a markdown file into one chunk per heading section (`sectionPath` is the heading trail,
 * `A > B > C`). The frontmatter and any text before the first heading form a preamble that joins
 * the first section when small. A section larger than `maxChars` is cut between blocks
 * (paragraphs, fenced code blocks, tables; a heading stays with the block after it), and a block
 * larger than `maxChars` between lines.
 */
export function markdownSections(lines: LineIndex, options: MarkdownOptions): MarkdownLayout {
  const rows = lineCount(lines)
  if (rows === 0) return { segments: [], fields: {} }
  const frontmatter = parseFrontmatter(lines.text)
  const bodyStart = Math.min(frontmatter?.lineCount ?? 0, rows)
  const { headings, fences } = scanMarkdown(lines, bodyStart, rows - 1)
  const list = sections(lines, headings, bodyStart, rows)
  const first = list[0]
  const second = list[1]
  if (first && second && !first.heading) {
    const size = lineStart(lines, first.last + 1)
    if (size < options.minChars && lineStart(lines, second.last + 1) <= options.maxChars) {
      list.shift()
      second.first = 0
    }
  }
  const segments: Segment[] = []
  for (const section of list) {
    const start = lineStart(lines, section.first)
    const end = lineStart(lines, section.last + 1)
    const onlyFrontmatter = !section.heading && frontmatter && isBlankRows(lines, bodyStart, section.last)
    const fields = {
      kind: onlyFrontmatter ? 'frontmatter' : 'section',
      symbol: section.heading?.title ?? '',
      qname: section.path,
      signature: section.heading ? lineText(lines, section.heading.row) : '',
      parent: section.parentPath,
      extra: { sectionPath: section.path, ...(section.heading ? { headingLevel: section.heading.level } : {}) },
    }
    if (end - start <= options.maxChars) {
      segments.push({ ...fields, start, end })
      continue
    }
    const units: Unit[] = []
    const blockFrom = section.heading ? section.first : Math.max(section.first, bodyStart)
    if (blockFrom > section.first) lineUnits(lines, section.first, blockFrom - 1, options.maxChars, units)
    for (const block of markdownBlocks(lines, blockFrom, section.last, fences, section.heading !== undefined)) {
      const blockStart = lineStart(lines, block.first)
      const blockEnd = lineStart(lines, block.last + 1)
      if (blockEnd - blockStart <= options.maxChars) units.push({ start: blockStart, end: blockEnd })
      else lineUnits(lines, block.first, block.last, options.maxChars, units)
    }
    const packed = packUnits(units, options.maxChars)
    packed.forEach((unit, i) => segments.push({ ...fields, ...unit, extra: { ...fields.extra, part: i + 1, parts: packed.length } }))
  }
  return { segments, fields: frontmatterMetadata(frontmatter?.fields ?? {}) }
}

/** Keys a chunk's own provenance uses; a frontmatter key of the same name is kept as `frontmatter.<key>`. */
const RESERVED = new Set([
  'file', 'language', 'format', 'kind', 'symbol', 'qname', 'signature', 'parent', 'startLine', 'endLine',
  'chunkIndex', 'sectionPath', 'headingLevel', 'symbols', 'overlap', 'fallback', 'part', 'parts',
])

function frontmatterMetadata(fields: Readonly<Record<string, MetadataValue>>): Record<string, MetadataValue> {
  const out: Record<string, MetadataValue> = {}
  for (const [key, value] of Object.entries(fields)) out[RESERVED.has(key) ? `frontmatter.${key}` : key] = value
  return out
}
