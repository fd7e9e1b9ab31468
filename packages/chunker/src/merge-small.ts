import type { MetadataValue } from '@rag/core'
import type { Segment } from './segment.js'

/** The output of one item of a level: one whole segment, or the pieces of a split one. */
export interface Block {
  readonly segments: readonly Segment[]
  /** A whole symbol or gap, which may merge with small neighbours. */
  readonly whole: boolean
}

interface Group {
  readonly start: number
  end: number
  readonly parts: Segment[]
}

const size = (g: { start: number; end: number }): number => g.end - g.start

function finish(group: Group): Segment {
  const first = group.parts[0] as Segment
  if (group.parts.length === 1) return first
  let primary = first
  for (const part of group.parts) if (size(part) > size(primary)) primary = part
  const names: string[] = []
  for (const part of group.parts) if (part.symbol && !names.includes(part.symbol)) names.push(part.symbol)
  const extra: Record<string, MetadataValue> = { ...primary.extra }
  if (names.length > 0) extra['symbols'] = names.join(', ')
  return { ...primary, start: group.start, end: group.end, extra }
}

function join(a: Group, b: Group): Group {
  return { start: a.start, end: b.end, parts: [...a.parts, ...b.parts] }
}

/**
 * Merges small neighbours within one level. Runs of whole items smaller than `minChars` are
 * packed together up to `maxChars`; a packed group still below `minChars` joins the chunk before
 * it, or else the one after it, when the result fits. Decisions only look at direct neighbours,
 * so an edit moves chunk boundaries near the edit only. The merged chunk keeps the metadata of its
 * largest part and lists every symbol it holds in `symbols`.
 */
export function mergeSmall(blocks: readonly Block[], minChars: number, maxChars: number): Segment[] {
  const out: Group[] = []
  let pending: Group | undefined
  const emit = (group: Group): void => {
    if (pending && size(pending) + size(group) <= maxChars) group = join(pending, group)
    else if (pending) out.push(pending)
    pending = undefined
    if (size(group) >= minChars) {
      out.push(group)
      return
    }
    const previous = out.at(-1)
    if (previous && size(previous) + size(group) <= maxChars) out[out.length - 1] = join(previous, group)
    else pending = group
  }
  let run: Group | undefined
  for (const block of blocks) {
    const only = block.segments[0]
    if (block.whole && only && block.segments.length === 1 && size(only) < minChars) {
      const part: Group = { start: only.start, end: only.end, parts: [only] }
      if (run && size(run) + size(part) <= maxChars) run = join(run, part)
      else {
        if (run) emit(run)
        run = part
      }
      continue
    }
    if (run) emit(run)
    run = undefined
    for (const segment of block.segments) emit({ start: segment.start, end: segment.end, parts: [segment] })
  }
  if (run) emit(run)
  if (pending) out.push(pending)
  return out.map(finish)
}
