import { InvalidArgumentError } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { codeAwareAnalyzer, createCodeAwareAnalyzer } from './code-aware-analyzer.js'
import { stemFully } from './stemmer.js'
import { SYNONYM_PAIRS } from './synonyms.js'

const { analyze, analyzeQuery } = codeAwareAnalyzer

describe('codeAwareAnalyzer', () => {
  it('is named code-aware@1', () => {
    expect(codeAwareAnalyzer.name).toBe('code-aware@1')
  })

  // The FSS-Mini-RAG vectors of seed-systems.md §2.6, and what we make of them. We differ where our
  // analyzer stems words (server -> serv, manager -> manag), splits each snake segment on case
  // (no "snake_case_mixed"), drops one-character tokens, and keeps the word inside `__init__`.
  it.each([
    ['get_auth_token', 'get_auth_token, get, auth, token', ['get_auth_token', 'get', 'auth', 'token']],
    ['getAuthToken', 'getauthtoken, get, auth, token', ['getauthtoken', 'get', 'auth', 'token']],
    ['HTTPServerError', 'httpservererror, http, server, error', ['httpservererror', 'http', 'serv', 'error']],
    ['parseJSONResponse', 'parsejsonresponse, parse, json, response', ['parsejsonresponse', 'parse', 'json', 'response']],
    ['user.getAuthManager()', 'user, getauthmanager, get, auth, manager', ['user', 'getauthmanager', 'get', 'auth', 'manag']],
    [
      'snake_Case_mixedCase',
      'snake_case_mixedcase, snake, case, mixedcase, snake_case_mixed, case',
      ['snake_case_mixedcase', 'snake', 'case', 'mix', 'case'],
    ],
    ['a/b.c d', 'a, b, c, d', []],
    ['__init__', '__init__', ['__init__', 'init']],
  ])('analyses the §2.6 vector %j (FSS: %s)', (input, _fss, expected) => {
    expect(analyze(input)).toEqual(expected)
  })

  it('splits kebab-case and dotted names at their separators', () => {
    expect(analyze('max-width os.path.join')).toEqual(['max', 'width', 'os', 'path', 'join'])
  })

  it('splits at letter/digit boundaries and keeps the whole', () => {
    expect(analyze('utf8Decoder sha256 x86_64 v2')).toEqual(['utf8decoder', 'utf', 'decod', 'sha256', 'sha', '256', 'x86_64', '86', '64', 'v2'])
  })

  it('keeps an acronym plural whole', () => {
    expect(analyze('getURLs')).toEqual(['geturls', 'get', 'url'])
  })

  it('keeps the whole identifier unstemmed and stems its words fully', () => {
    expect(analyze('parseFunctions')).toEqual(['parsefunctions', 'parse', 'funct'])
    expect(analyze('functions function')).toEqual(['funct', 'funct'])
  })

  it('drops stop words among the words of an identifier but keeps the whole', () => {
    expect(analyze('is_valid getTheValue')).toEqual(['is_valid', 'valid', 'getthevalue', 'get', 'value'])
    expect(analyze('The value is set')).toEqual(['value', 'set'])
  })

  it('drops a whole that lower-cases to a stop word', () => {
    expect(analyze('thE')).toEqual(['th'])
  })

  it('keeps Unicode letters and digits, NFKC-normalised and lower-cased', () => {
    expect(analyze('Привет мир, тесты проходят')).toEqual(['привет', 'мир', 'тесты', 'проходят'])
    expect(analyze('getИмяПользователя')).toEqual(['getимяпользователя', 'get', 'имя', 'пользователя'])
    expect(analyze('日本語 テキスト')).toEqual(['日本語', 'テキスト'])
    expect(analyze('ＡＢＣ ﬁle ①②')).toEqual(['abc', 'file', '12'])
    expect(analyze('cafe\u0301 café')).toEqual(['café', 'café'])
  })

  it('expands synonyms of words at query time, stemmed, but not of wholes', () => {
    expect(analyze('getAuthToken')).toEqual(['getauthtoken', 'get', 'auth', 'token'])
    expect(analyzeQuery('getAuthToken')).toEqual(['getauthtoken', 'get', 'auth', 'authenticat', 'authorizat', 'token'])
    expect(analyzeQuery('dbConn')).toEqual(['dbconn', 'db', 'database', 'conn'])
    expect(analyzeQuery('errors')).toEqual(['error', 'err'])
  })

  it.each(SYNONYM_PAIRS.map(([a, b]) => [a, b]))('expands %s and %s into each other', (a, b) => {
    expect(analyzeQuery(a)).toContain(stemFully(b))
    expect(analyzeQuery(b)).toContain(stemFully(a))
  })

  it('lets auth meet a document that says Authentication', () => {
    const document = new Set(analyze('class AuthenticationMiddleware'))
    expect(analyzeQuery('auth').some((term) => document.has(term))).toBe(true)
  })

  it('gives the same terms through its memo as token by token, on any text', () => {
    // Without synonyms, analyzeQuery is the token-by-token path.
    const plain = createCodeAwareAnalyzer({ synonyms: [] })
    const unit = fc.oneof(
      fc.constantFrom('a', 'B', '_', '7', ' ', '.', '-', 'é', 'e\u0301', '\u0301', '⒈', 'ﬁ', 'Ａ', '<\u0338', 'İ', '—', '\u00a0', 'Ж', 'ж', '日', '\u{1F680}', '\ud800', '①', 'ǅ'),
      fc.string({ unit: 'grapheme', maxLength: 2 }),
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(plain.analyze(text)).toEqual(plain.analyzeQuery(text))
        expect(analyze(text)).toEqual(plain.analyze(text))
      }),
    )
  })

  it('gives the same terms on the ASCII fast path as on the general path', () => {
    const text = 'export function getAuthToken(req: Request): Promise<string> { return HTTP_CLIENT.fetch(url8) }'
    // "é" forces the general path and, one letter long, adds no term.
    expect(analyze(text)).toEqual(analyze(`${text} é`))
  })
})

describe('createCodeAwareAnalyzer', () => {
  it('takes its own stop words and synonyms and names itself after them', () => {
    const analyzer = createCodeAwareAnalyzer({ stopWords: ['get'], synonyms: [['да', 'yes']] })
    expect(analyzer.analyze('getUser')).toEqual(['getuser', 'user'])
    expect(analyzer.analyzeQuery('да')).toEqual(['да', 'yes'])
    expect(analyzer.name).toMatch(/^code-aware@1#[0-9a-f]{8}$/)
  })

  it('rejects words it could never produce, naming them', () => {
    expect(() => createCodeAwareAnalyzer({ stopWords: ['Get'] })).toThrow(InvalidArgumentError)
    expect(() => createCodeAwareAnalyzer({ stopWords: ['snake_case'] })).toThrow('stopWords[0] must be a lower-case, NFKC-normalised word of letters and digits with at least two characters; received "snake_case".')
    expect(() => createCodeAwareAnalyzer({ synonyms: [['ﬁle', 'document']] })).toThrow('synonyms[0][0] must be')
  })
})
