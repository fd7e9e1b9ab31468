import { describe, expect, it } from 'vitest'
import { EMBEDDER_KINDS } from '@rag/session'
import { EMBEDDER_CHOICES } from './embedder-choices.js'

describe('EMBEDDER_CHOICES', () => {
  it('is the session\'s EMBEDDER_KINDS, in its order', () => {
    expect(EMBEDDER_CHOICES).toEqual(EMBEDDER_KINDS)
  })
})
