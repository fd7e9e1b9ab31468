import { describe, expect, it } from 'vitest'
import { caseVariantPrefixes, prefixUpperBound } from './stored-layers.js'

describe('caseVariantPrefixes', () => {
  it('gives the first two characters in every case of their ASCII letters, other characters as they are', () => {
    expect(caseVariantPrefixes('owner')).toEqual(['OW', 'Ow', 'oW', 'ow'])
    expect(caseVariantPrefixes('_h')).toEqual(['_H', '_h'])
    expect(caseVariantPrefixes('x')).toEqual(['X', 'x'])
    expect(caseVariantPrefixes('é1')).toEqual(['é1'])
    expect(caseVariantPrefixes('abc', 3)).toHaveLength(8)
  })

  it('covers every name that starts with the prefix in any case of its ASCII letters', () => {
    const names = ['Owner', 'ownerName', 'OWNERS', 'oWnEd', 'owl', 'Other', 'pwner']
    const starts = caseVariantPrefixes('owner')
    const inRanges = names.filter((name) => starts.some((start) => name >= start && name < prefixUpperBound(start)))
    expect(inRanges).toEqual(['Owner', 'ownerName', 'OWNERS', 'oWnEd', 'owl'])
  })
})
