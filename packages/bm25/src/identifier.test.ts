import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitIdentifier } from './identifier.js'

describe('splitIdentifier', () => {
  it.each([
    ['getAuthToken', ['get', 'Auth', 'Token']],
    ['get_auth_token', ['get', 'auth', 'token']],
    ['HTTPServerError', ['HTTP', 'Server', 'Error']],
    ['parseJSONResponse', ['parse', 'JSON', 'Response']],
    ['IOError', ['IO', 'Error']],
    ['MAX_VALUE', ['MAX', 'VALUE']],
    ['kebab-case-name', ['kebab', 'case', 'name']],
    ['user.getAuthManager()', ['user', 'get', 'Auth', 'Manager']],
    ['snake_Case_mixedCase', ['snake', 'Case', 'mixed', 'Case']],
    ['__init__', ['init']],
    ['utf8Decoder', ['utf', '8', 'Decoder']],
    ['x86_64', ['x', '86', '64']],
    ['8bit', ['8', 'bit']],
    ['getURLs', ['get', 'URLs']],
    ['getIDsFrom', ['get', 'IDs', 'From']],
    ['deviceID', ['device', 'ID']],
    ['a/b.c d', ['a', 'b', 'c', 'd']],
    ['getИмяПользователя', ['get', 'Имя', 'Пользователя']],
    ['ПолучитьДанные', ['Получить', 'Данные']],
    ['日本語テキスト', ['日本語テキスト']],
    ['cafe\u0301Bar', ['cafe\u0301', 'Bar']],
    ['', []],
    ['--', []],
  ])('splits %j into %j', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts)
  })

  it('returns pieces of the input, in order, without separators', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aAbZ09_-. éÉЖж\u0301'.split('')), maxLength: 30 }), (identifier) => {
        const parts = splitIdentifier(identifier)
        let from = 0
        for (const part of parts) {
          expect(part.length).toBeGreaterThan(0)
          expect(part).not.toMatch(/[_\-. ]/)
          const at = identifier.indexOf(part, from)
          expect(at).toBeGreaterThanOrEqual(from)
          from = at + part.length
        }
      }),
    )
  })

  it('never splits a lower-cased word of letters only', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zа-яé]{1,12}$/), (word) => {
        expect(splitIdentifier(word)).toEqual([word])
      }),
    )
  })
})
