import { InvalidArgumentError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { ChatHistory, TURN_OVERHEAD_TOKENS } from './chat-history.js'

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length

describe('ChatHistory', () => {
  it('returns the kept turns as alternating user and assistant messages, oldest first', () => {
    const history = new ChatHistory()
    history.add({ question: 'Where is auth?', answer: 'src/auth.ts' })
    history.add({ question: 'And retries?', answer: 'src/retry.ts' })
    expect(history.messages()).toEqual([
      { role: 'user', content: 'Where is auth?' },
      { role: 'assistant', content: 'src/auth.ts' },
      { role: 'user', content: 'And retries?' },
      { role: 'assistant', content: 'src/retry.ts' },
    ])
  })

  it('drops the oldest turns until the rest fits the token budget', () => {
    const history = new ChatHistory({ maxTokens: 2 * (4 + TURN_OVERHEAD_TOKENS), countTokens: words })
    for (let i = 1; i <= 5; i++) history.add({ question: `question ${i}`, answer: `answer ${i}` })
    expect(history.turns.map((t) => t.question)).toEqual(['question 4', 'question 5'])
    expect(history.tokens).toBe(2 * (4 + TURN_OVERHEAD_TOKENS))
    expect(history.tokens).toBeLessThanOrEqual(history.maxTokens)
  })

  it('never exceeds its budget, whatever the turns', () => {
    const history = new ChatHistory({ maxTokens: 100 })
    for (let i = 0; i < 200; i++) {
      history.add({ question: 'q'.repeat(i % 37), answer: 'a'.repeat((i * 7) % 150) })
      expect(history.tokens).toBeLessThanOrEqual(100)
      expect(history.tokens).toBe(history.turns.reduce((sum, t) => sum + Math.ceil(t.question.length / 3) + Math.ceil(t.answer.length / 3) + TURN_OVERHEAD_TOKENS, 0))
    }
  })

  it('is empty after a turn larger than the whole budget, and after clear()', () => {
    const history = new ChatHistory({ maxTokens: 50 })
    history.add({ question: 'short', answer: 'short' })
    history.add({ question: 'huge', answer: 'x'.repeat(1000) })
    expect(history.turns).toEqual([])
    history.add({ question: 'again', answer: 'fine' })
    history.clear()
    expect(history.messages()).toEqual([])
    expect(history.tokens).toBe(0)
  })

  it('refuses a bad budget, counter or turn', () => {
    expect(() => new ChatHistory({ maxTokens: 0 })).toThrow(/^maxTokens must be a positive integer; received 0\.$/)
    expect(() => new ChatHistory({ countTokens: 3 as never })).toThrow(InvalidArgumentError)
    expect(() => new ChatHistory().add({ question: 'q', answer: undefined as never })).toThrow(/^turn\.answer must be a string; received undefined\.$/)
  })
})
