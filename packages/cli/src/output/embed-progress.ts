import type { EmbedProgress } from '@rag/core'
import type { Output } from './output.js'

/** How often a long embedding run reports, at most. */
const INTERVAL_MS = 1000

/**
 * Reports the chunks an index run sends to its embedder (a remote model over thousands of chunks
 * takes minutes): at most once a second and at the end, as `embedded N/M chunks` on stderr, or a
 * `{"event":"embedding",embedded,total}` line with `--json`.
 */
export function createEmbedProgress(output: Output, now: () => number = Date.now): (progress: EmbedProgress) => void {
  let last = Number.NEGATIVE_INFINITY
  return ({ embedded, total }) => {
    const t = now()
    if (t - last < INTERVAL_MS && embedded < total) return
    last = t
    if (output.json) output.emit({ event: 'embedding', embedded, total })
    else output.note(`embedded ${embedded}/${total} chunks`)
  }
}
