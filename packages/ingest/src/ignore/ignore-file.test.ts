import { ConfigError, LimitExceededError } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../limits.js'
import { compileIgnoreFile, MAX_WILDCARDS_PER_RULE, requiredLiteral, type IgnoreCompileOptions } from './ignore-file.js'
import { parseIgnoreText, patternMatches } from './ignore-pattern.js'
import { IgnoreStack } from './ignore-stack.js'
import { toByteString } from './wildmatch.js'

const text = (s: string): Uint8Array => new TextEncoder().encode(s)
const git: IgnoreCompileOptions = { ignoreCase: false, negation: 'git' }
const reject: IgnoreCompileOptions = { ignoreCase: false, negation: 'reject' }

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('compileIgnoreFile', () => {
  it('accepts "!" rules with git semantics by default', () => {
    const file = compileIgnoreFile('src/.gitignore', 'src', text('*.log\n!keep.log\n'), DEFAULT_LIMITS, git)
    const stack = new IgnoreStack().push([file])
    expect(stack.verdict('src/a.log', false)).toEqual({ ignored: true, file: 'src/.gitignore', line: 1, pattern: '*.log' })
    expect(stack.verdict('src/keep.log', false)).toEqual({ ignored: false, file: 'src/.gitignore', line: 2, pattern: '!keep.log' })
    expect(stack.match('src/keep.log', false)).toBeUndefined()
  })

  it('with negation "reject", names the file, directory and line of any "!" in one sentence', () => {
    const error = thrown(() => compileIgnoreFile('src/.gitignore', 'src', text('# keep!\n*.log\n\n!keep.log\n'), DEFAULT_LIMITS, reject))
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toBe(
      '.gitignore line 4 in src/: "!keep.log": "!" is rejected because ignore.negation is "reject" (negation, [!...] classes and literal "!" alike); remove it or set ignore.negation to "git".',
    )
    expect(() => compileIgnoreFile('.tnsignore', '', text('a[!b].txt\n'), DEFAULT_LIMITS, reject)).toThrow(/^\.tnsignore line 1: "a\[!b\]\.txt"/)
    expect(() => compileIgnoreFile('.gitignore', '', text('wow\\!\n'), DEFAULT_LIMITS, reject)).toThrow(ConfigError)
    expect(compileIgnoreFile('.gitignore', '', text('# no ! here\n*.tmp\n'), DEFAULT_LIMITS, reject).selectors).toBe(1)
  })

  it('counts rules as selectors and enforces the selector cap, naming the limit', () => {
    const rules = Array.from({ length: 1024 }, (_, i) => `f${i}`).join('\n')
    expect(compileIgnoreFile('.gitignore', '', text(`# c\n\n   \n${rules}\n`), DEFAULT_LIMITS, git).selectors).toBe(1024)
    const error = thrown(() => compileIgnoreFile('a/.gitignore', 'a', text(`${rules}\nmore\n`), DEFAULT_LIMITS, git))
    expect(error).toBeInstanceOf(LimitExceededError)
    expect(error).toMatchObject({ limit: 'maxIgnoreSelectors', max: 1024, actual: 1025 })
    expect((error as Error).message).toContain('Ignore file a/.gitignore has too many rules: limit maxIgnoreSelectors is 1024, received 1025')
  })

  it('enforces the byte cap', () => {
    const big = text(`${'#'.repeat(64 * 1024)}\n`)
    expect(thrown(() => compileIgnoreFile('.gitignore', '', big, DEFAULT_LIMITS, git))).toMatchObject({ limit: 'maxIgnoreFileBytes' })
  })

  it('reads a 10,000-rule file and a 1 MB line when the caps allow them', () => {
    const limits = { maxIgnoreFileBytes: 4 * 1024 * 1024, maxIgnoreSelectors: 100_000 }
    const rules = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `gen-${i}.ts` : i % 3 === 1 ? `/out-${i}/` : `*.x${i}`)).join('\n')
    const file = compileIgnoreFile('.gitignore', '', text(`${rules}\n${'y'.repeat(1_000_000)}\n`), limits, git)
    expect(file.selectors).toBe(10_001)
    const stack = new IgnoreStack().push([file])
    expect(stack.match('deep/gen-9999.ts', false)).toMatchObject({ line: 10_000 })
    expect(stack.match('out-4', true)).toMatchObject({ pattern: '/out-4/' })
    expect(stack.match('a.x9998', false)).toMatchObject({ line: 9999 })
    expect(stack.match('y'.repeat(1_000_000), false)).toMatchObject({ line: 10_001 })
    expect(stack.match('keep.ts', false)).toBeUndefined()
  })

  it('skips a rule with more wildcards than can be matched safely, with a warning naming file and line', () => {
    const heavy = `${'*a'.repeat(MAX_WILDCARDS_PER_RULE + 1)}`
    const file = compileIgnoreFile('src/.gitignore', 'src', text(`*.log\n${heavy}\n`), DEFAULT_LIMITS, git)
    expect(file.selectors).toBe(2)
    expect(file.warnings).toEqual([
      { file: 'src/.gitignore', line: 2, message: `.gitignore line 2 in src/: the rule has ${MAX_WILDCARDS_PER_RULE + 1} wildcards, more than ${MAX_WILDCARDS_PER_RULE} can be matched safely; it is not applied.` },
    ])
    expect(new IgnoreStack().push([file]).match('src/aaa', false)).toBeUndefined()
  })

  it('strips a BOM and CRLF line endings', () => {
    const file = compileIgnoreFile('.gitignore', '', text('\uFEFF*.log\r\ntmp/\r\n'), DEFAULT_LIMITS, git)
    const stack = new IgnoreStack().push([file])
    expect(stack.match('a.log', false)).toMatchObject({ line: 1, pattern: '*.log' })
    expect(stack.match('tmp', true)).toMatchObject({ line: 2, pattern: 'tmp/' })
  })

  it('finds the same last matching rule with its literal-name index as a plain scan of every rule', () => {
    const name = fc.constantFrom('a', 'b', 'A', 'a.txt', 'b/c', 'x', 'é', 'Ab.TXT', 'xqyz', 'q/ab/c.txt', 'acd', 'abc')
    const rule = fc
      .tuple(fc.constantFrom('', '!'), fc.constantFrom('', '/'), fc.constantFrom('a', 'b', 'A', 'a.txt', 'b/c', '*.txt', 'a*', '?', 'x', 'é', 'b/*', '*Ab.txt', 'x*yz', '**/ab/*.t?t', '[ab]cd*', '\\abc*', '*.TXT'), fc.constantFrom('', '/'))
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 12 }), name, fc.boolean(), fc.boolean(), (rules, path, isDirectory, ignoreCase) => {
        const source = `${rules.join('\n')}\n`
        const file = compileIgnoreFile('d/.gitignore', 'd', text(source), DEFAULT_LIMITS, { ignoreCase, negation: 'git' })
        const patterns = parseIgnoreText(toByteString(source)).filter((p) => p.glob !== '')
        const relative = toByteString(path)
        const basename = relative.slice(relative.lastIndexOf('/') + 1)
        const scanned = [...patterns].reverse().find((p) => patternMatches(p, relative, basename, isDirectory, ignoreCase))
        expect(file.lastMatch(`d/${path}`, isDirectory)?.line).toBe(scanned?.line)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('requiredLiteral', () => {
  it('is the longest plain run before any class, never spanning an escape, a wildcard or a slash', () => {
    expect(requiredLiteral('**/dir123/*.py')).toBe('dir123')
    expect(requiredLiteral('foo*barbaz')).toBe('barbaz')
    expect(requiredLiteral('ab[[:alpha:]]cdef')).toBe('ab')
    expect(requiredLiteral('a\\bcd')).toBe('cd')
    expect(requiredLiteral('a/b')).toBe('')
    expect(requiredLiteral('[xy]long')).toBe('')
  })
})
