import { describe, expect, it } from 'vitest'
import { pluralOf } from './inflections.js'

describe('pluralOf', () => {
  it("makes Rails's plurals of resource names", () => {
    const cases: Record<string, string> = {
      profile: 'profiles',
      preferences: 'preferences',
      security: 'securities',
      transfer_match: 'transfer_matches',
      day: 'days',
      address: 'addresses',
      box: 'boxes',
      wife: 'wives',
      half: 'halves',
      analysis: 'analyses',
      medium: 'media',
      status: 'statuses',
      bus: 'buses',
      sales_person: 'sales_people',
      child: 'children',
      information: 'information',
      account_information: 'account_informations',
      quiz: 'quizzes',
      matrix: 'matrices',
      mouse: 'mice',
    }
    expect(Object.fromEntries(Object.keys(cases).map((word) => [word, pluralOf(word)]))).toEqual(cases)
  })
})
