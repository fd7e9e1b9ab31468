import { describe, expect, it } from 'vitest'
import { messageShare, messageWords, spacedWords } from './message-match.js'
import { rankFiles } from './rank-files.js'
import type { RankingPlan } from './ranking-plan.js'

describe('messageShare', () => {
  const share = (message: string, text: string): number => messageShare(messageWords(message), spacedWords(text))

  it('is the longest run of the message said word for word, as a share of its words', () => {
    expect(share('catch-all routes are only allowed at the end of the path', "panic(\"catch-all routes are only allowed at the end of the path in path '\" + fullPath + \"'\")")).toBe(1)
    // The user saw values where the code has placeholders.
    expect(share("Could not open file 'out.txt': Permission denied", 'raise FileError(_("Could not open file {filename!r}: {message}"))')).toBeCloseTo(4 / 8, 10)
    expect(share('Invalid URL', 'throw new TypeError("invalid url")')).toBe(1)
  })

  it('takes no run shorter than three words, nor words that are only parts of words', () => {
    expect(share('handlers are already registered for path', 'handlers are set; already registered paths')).toBe(0)
    expect(share('route not found', 'routes not found')).toBe(0)
    expect(share('', 'anything')).toBe(0)
  })
})

describe('the messages signal', () => {
  const plan = (message: string): RankingPlan => ({ intent: 'explain', anchors: [{ kind: 'message', text: message }], terms: [], priors: { demote: [], boost: [] } })
  const hit = (file: string, content: string, score: number) => ({ document: { id: file, content, metadata: { file } }, score })

  it('lifts the file whose chunk says the quoted message above files the lexical hits put first', () => {
    const hits = [hit('gin.go', 'func (engine *Engine) addRoute(method, path string, handlers HandlersChain) { root.addRoute(path, handlers) }', 1), hit('tree.go', 'panic("handlers are already registered for path \'" + fullPath + "\'")', 0.5)]
    const ranked = rankFiles(hits, plan('handlers are already registered for path'))
    expect(ranked[0]!.file).toBe('tree.go')
    expect(ranked[0]!.contributions.find((c) => c.signal === 'messages')?.value).toBe(1)
    expect(rankFiles(hits, plan('handlers are already registered for path'), {}, { disable: ['messages'] })[0]!.file).toBe('gin.go')
  })

  it('does nothing for a query that quotes no message', () => {
    const hits = [hit('a.go', 'handlers are already registered for path', 1)]
    expect(rankFiles(hits, { ...plan('x'), anchors: [] })[0]!.contributions.map((c) => c.signal)).toEqual(['first-hit'])
  })
})
