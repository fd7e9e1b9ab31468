import type { SearchResult } from '@rag/core'
import { messageShare, messageWords, spacedWords } from './message-match.js'
import type { RankingPlan } from './ranking-plan.js'

/**
 * The files whose chunk hits say a message the query quotes (`what panics with 'catch-all routes
 * are only allowed at the end of the path'`), each with the largest share of the message one of
 * its chunks says word for word ({@link messageShare}); a file counts once per message.
 */
export function messageFiles(plan: RankingPlan, hits: readonly SearchResult[]): Map<string, number> {
  const found = new Map<string, number>()
  const messages = plan.anchors.filter((anchor) => anchor.kind === 'message').map((anchor) => messageWords(anchor.text))
  if (messages.length === 0) return found
  const texts = hits.map((hit) => spacedWords(hit.document.content))
  for (const message of messages) {
    const best = new Map<string, number>()
    hits.forEach((hit, i) => {
      const file = hit.document.metadata.file
      if (typeof file !== 'string' || file === '') return
      const share = messageShare(message, texts[i]!)
      if (share > (best.get(file) ?? 0)) best.set(file, share)
    })
    for (const [file, share] of best) found.set(file, (found.get(file) ?? 0) + share)
  }
  return found
}
