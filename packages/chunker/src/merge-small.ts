import type { MetadataValue } from '@rag/core'
import type { Segment } from './segment.js'

/**
 * The output of one item of a level: a whole symbol or gap (a segment, which may merge with small
 * neighbours), or the pieces of a split one (an array, never merged into each other).
 */
export type Block = Segment | readonly Segment[]

/** Several neighbouring segments merged into one chunk. */
interface Group {
  readonly start: number
  end: number
  readonly parts: Segment[]
}

type Item = Segment | Group

const size = (item: { start: number; end: number }): number => item.end - item.start
const isGroup = (item: Item): item is Group => 'parts' in item

function partsOf(item: Item): readonly Segment[] {
  return isGroup(item) ? item.parts : [item]
}

/** `a` followed by `b`, reusing `a` when it is already a group (nothing else refers to it). */
function join(a: Item, b: Item): Group {
  const group: Group = isGroup(a) ? a : { start: a.start, end: a.end, parts: [a] }
  group.end = b.end
  for (const part of partsOf(b)) group.parts.push(part)
  return group
}

function finish(item: Item): Segment {
  if (!isGroup(item)) return item
  const first = item.parts[0] as Segment
  let primary = first
  for (const part of item.parts) if (size(part) > size(primary)) primary = part
  const names: string[] = []
  for (const part of item.parts) {
    const named = part === primary || part.named !== false
    if (named && part.symbol && !names.includes(part.symbol)) names.push(part.symbol)
  }
  const extra: Record<string, MetadataValue> = { ...primary.extra }
  if (names.length > 1 || (names.length === 1 && names[0] !== primary.symbol)) extra['symbols'] = names.join(', ')
  // What every merged gap of module-level code assigns, not only the largest part's.
  const defines = [...new Set(item.parts.flatMap((part) => (typeof part.extra?.['defines'] === 'string' ? part.extra['defines'].split(', ') : [])))]
  if (defines.length > 0) extra['defines'] = defines.join(', ')
  return { ...primary, start: item.start, end: item.end, extra }
}

/**
 * Merges small neighbours within one level. Runs of whole items smaller than `minChars` are
 * packed together up to `maxChars`; a packed group still below `minChars` joins the chunk before
 * it, or else the one after it, when the result fits. Decisions only look at direct neighbours,
 * so an edit moves chunk boundaries near the edit only. The merged chunk keeps the metadata of its
 * largest part and lists the symbols it holds in `symbols` (when that says more than `symbol`), and
 * in `defines` what all its gaps of module-level code assign.
 */
export function mergeSmall(blocks: readonly Block[], minChars: number, maxChars: number): Segment[] {
  const out: Item[] = []
  let pending: Item | undefined
  const emit = (item: Item): void => {
    if (pending && size(pending) + size(item) <= maxChars) item = join(pending, item)
    else if (pending) out.push(pending)
    pending = undefined
    if (size(item) >= minChars) {
      out.push(item)
      return
    }
    const previous = out.at(-1)
    if (previous && size(previous) + size(item) <= maxChars) out[out.length - 1] = join(previous, item)
    else pending = item
  }
  let run: Item | undefined
  for (const block of blocks) {
    if (!Array.isArray(block) && size(block as Segment) < minChars) {
      const segment = block as Segment
      if (run && size(run) + size(segment) <= maxChars) run = join(run, segment)
      else {
        if (run) emit(run)
        run = segment
      }
      continue
    }
    if (run) emit(run)
    run = undefined
    if (Array.isArray(block)) for (const segment of block as readonly Segment[]) emit(segment)
    else emit(block as Segment)
  }
  if (run) emit(run)
  if (pending) out.push(pending)
  return out.map(finish)
}
