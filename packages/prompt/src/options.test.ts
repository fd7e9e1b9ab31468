import { InvalidArgumentError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { resolveOptions } from './options.js'
import { estimateTokens } from './token-count.js'

describe('resolveOptions', () => {
  it('applies the defaults', () => {
    expect(resolveOptions(undefined)).toEqual({
      format: 'fenced',
      tagPrefix: 'rag',
      maxTokens: undefined,
      countTokens: estimateTokens,
      provenanceKeys: undefined,
    })
  })

  it('lets the tnsai preset set the prefix and the fenced format', () => {
    expect(resolveOptions({ preset: 'tnsai' })).toMatchObject({ format: 'fenced', tagPrefix: 'tnsai' })
    expect(resolveOptions({ preset: 'tnsai', tagPrefix: 'tnsai', format: 'fenced' })).toMatchObject({ tagPrefix: 'tnsai' })
  })

  it('accepts prefixes of a letter then letters, digits, dashes and underscores', () => {
    for (const tagPrefix of ['a', 'rag', 'My_App-2', 'X9']) {
      expect(resolveOptions({ tagPrefix }).tagPrefix).toBe(tagPrefix)
    }
  })

  it.each([
    [{ tagPrefix: '' }, 'options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received "".'],
    [{ tagPrefix: '9rag' }, 'options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received "9rag".'],
    [{ tagPrefix: 'rag memory' }, 'options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received "rag memory".'],
    [{ tagPrefix: 'a>b' }, 'options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received "a>b".'],
    [{ tagPrefix: 7 }, 'options.tagPrefix must be a letter followed by letters, digits, "-" or "_"; received 7.'],
    [{ format: 'xml' }, 'options.format must be "fenced", "plain" or "list"; received "xml".'],
    [{ preset: 'other' }, 'options.preset must be "tnsai"; received "other".'],
    [{ preset: 'tnsai', format: 'plain' }, 'options.preset "tnsai" is a fenced layout; it cannot be combined with format "plain".'],
    [{ preset: 'tnsai', tagPrefix: 'rag' }, 'options.preset "tnsai" sets tagPrefix "tnsai"; received a conflicting tagPrefix "rag".'],
    [{ maxTokens: 0 }, 'options.maxTokens must be a positive integer; received 0.'],
    [{ maxTokens: -5 }, 'options.maxTokens must be a positive integer; received -5.'],
    [{ maxTokens: 1.5 }, 'options.maxTokens must be a positive integer; received 1.5.'],
    [{ maxTokens: Number.NaN }, 'options.maxTokens must be a positive integer; received NaN.'],
    [{ maxTokens: Number.POSITIVE_INFINITY }, 'options.maxTokens must be a positive integer; received Infinity.'],
    [{ maxTokens: '100' }, 'options.maxTokens must be a positive integer; received "100".'],
    [{ countTokens: 4 }, 'options.countTokens must be a function (text) => number; received 4.'],
    [{ provenanceKeys: 'file' }, 'options.provenanceKeys must be an array of metadata keys; received "file".'],
    [{ provenanceKeys: ['file', ''] }, 'options.provenanceKeys[1] must be a non-empty string; received "".'],
    [{ provenanceKeys: ['file', 3] }, 'options.provenanceKeys[1] must be a non-empty string; received 3.'],
    [{ provenanceKeys: ['file', 'kind', 'file'] }, 'options.provenanceKeys[2]: key "file" appears more than once.'],
    [{ formt: 'plain' }, 'options.formt is not a known option; expected one of format, tagPrefix, preset, maxTokens, countTokens, provenanceKeys.'],
    [null, 'options must be an object; received null.'],
    ['plain', 'options must be an object; received "plain".'],
    [[], 'options must be an object; received an array.'],
  ])('rejects %j with an InvalidArgumentError naming it', (options, message) => {
    expect(() => resolveOptions(options)).toThrow(InvalidArgumentError)
    expect(() => resolveOptions(options)).toThrow(message)
  })
})
