import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, type Document } from '@rag/core'
import { compileSearchFilter, MAX_FILTER_PATH_LENGTH } from './search-filter.js'

const doc = (file: string | undefined, language?: string): Document => ({
  id: file ?? 'x',
  content: '',
  metadata: { ...(file ? { file } : {}), ...(language ? { language } : {}) },
})

describe('compileSearchFilter', () => {
  it('returns undefined when there is nothing to filter', () => {
    expect(compileSearchFilter(undefined)).toBeUndefined()
    expect(compileSearchFilter({})).toBeUndefined()
  })

  it('matches globs against the file metadata, dot files included', () => {
    const accept = compileSearchFilter({ path: 'src/**/*.ts' })!
    expect(accept(doc('src/a/b.ts'))).toBe(true)
    expect(accept(doc('src/.hidden/b.ts'))).toBe(true)
    expect(accept(doc('lib/b.ts'))).toBe(false)
    expect(accept(doc(undefined))).toBe(false)
  })

  it('treats a plain path as the file or directory and everything under it', () => {
    const accept = compileSearchFilter({ path: './src/auth/' })!
    expect(accept(doc('src/auth'))).toBe(true)
    expect(accept(doc('src/auth/token.ts'))).toBe(true)
    expect(accept(doc('src/authz/token.ts'))).toBe(false)
  })

  it('matches any of several languages, case-insensitively, and combines fields with AND', () => {
    const accept = compileSearchFilter({ path: 'src/**', language: ['TypeScript', 'python'] })!
    expect(accept(doc('src/a.ts', 'typescript'))).toBe(true)
    expect(accept(doc('src/a.py', 'Python'))).toBe(true)
    expect(accept(doc('src/a.go', 'go'))).toBe(false)
    expect(accept(doc('lib/a.py', 'python'))).toBe(false)
    expect(accept(doc('src/a.txt'))).toBe(false)
  })

  it("takes a language's alias for the language (ts, py, golang) and any other name as given", () => {
    const accept = compileSearchFilter({ language: ['ts', 'py', 'klingon'] })!
    expect(accept(doc('a.ts', 'typescript'))).toBe(true)
    expect(accept(doc('a.py', 'python'))).toBe(true)
    expect(accept(doc('a.kl', 'klingon'))).toBe(true)
    expect(accept(doc('a.js', 'javascript'))).toBe(false)
  })

  it.each([[{ path: ' ' }], [{ language: [] }], [{ language: [''] }], [{ language: 3 }], ['src/**']])('rejects %j', (filter) => {
    expect(() => compileSearchFilter(filter as never)).toThrow(InvalidArgumentError)
  })

  it('rejects a path longer than MAX_FILTER_PATH_LENGTH with an InvalidArgumentError, not picomatch\'s bare Error', () => {
    expect(() => compileSearchFilter({ path: `${'a/'.repeat(40_000)}*` })).toThrow(InvalidArgumentError)
    expect(() => compileSearchFilter({ path: 'a'.repeat(MAX_FILTER_PATH_LENGTH + 1) })).toThrow('filter.path must be at most 65536 characters; received one of 65537.')
    expect(compileSearchFilter({ path: `${'a'.repeat(MAX_FILTER_PATH_LENGTH - 1)}*` })).toBeTypeOf('function')
  })
})
