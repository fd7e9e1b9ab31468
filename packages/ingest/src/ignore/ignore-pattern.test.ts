import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../testing/helpers.js'
import { FileIngestionService } from '../file-ingestion-service.js'
import { parseIgnoreText, patternMatches } from './ignore-pattern.js'
import { toByteString, wildmatch } from './wildmatch.js'

/**
 * One rule in `c<i>/.gitignore` and one file `c<i>/<path>`: does git ignore the file? The
 * expectations are git 2.39's answers (many cases from git's own t3070-wildmatch.sh), and each
 * run asks git again.
 */
const CASES: readonly (readonly [pattern: string, path: string, ignored: boolean])[] = [
  ['foo', 'foo', true],
  ['bar', 'foo', false],
  ['???', 'foo', true],
  ['??', 'foo', false],
  ['*', 'foo', true],
  ['f*', 'foo', true],
  ['*f', 'foo', false],
  ['*foo*', 'foo', true],
  ['*ob*a*r*', 'foobar', true],
  ['*ab', 'aaaaaaabababab', true],
  ['foo\\*', 'foo*', true],
  ['foo\\*bar', 'foobar', false],
  ['f\\\\oo', 'f\\oo', true],
  ['*[al]?', 'ball', true],
  ['[ten]', 'ten', false],
  ['**[!te]', 'ten', true],
  ['**[!ten]', 'ten', false],
  ['t[a-g]n', 'ten', true],
  ['t[!a-g]n', 'ten', false],
  ['t[!a-g]n', 'ton', true],
  ['t[^a-g]n', 'ton', true],
  ['a[]]b', 'a]b', true],
  ['a[]-]b', 'a-b', true],
  ['a[]-]b', 'a]b', true],
  ['a[]-]b', 'aab', false],
  ['a[]a-]b', 'aab', true],
  [']', ']', true],
  ['foo*bar', 'foo/baz/bar', false],
  ['foo**bar', 'foo/baz/bar', false],
  ['foo**bar', 'foobazbar', true],
  ['foo/**/bar', 'foo/baz/bar', true],
  ['foo/**/**/bar', 'foo/baz/bar', true],
  ['foo/**/bar', 'foo/b/a/z/bar', true],
  ['foo/**/**/bar', 'foo/b/a/z/bar', true],
  ['foo/**/bar', 'foo/bar', true],
  ['foo/**/**/bar', 'foo/bar', true],
  ['foo?bar', 'foo/bar', false],
  ['foo[/]bar', 'foo/bar', false],
  ['foo[^a-z]bar', 'foo/bar', false],
  ['f[^eiu][^eiu][^eiu][^eiu][^eiu]r', 'foo/bar', false],
  ['f[^eiu][^eiu][^eiu][^eiu][^eiu]r', 'foo-bar', true],
  ['**/foo', 'foo', true],
  ['**/foo', 'XXX/foo', true],
  ['**/foo', 'bar/baz/foo', true],
  ['*/foo', 'bar/baz/foo', false],
  ['**/bar*', 'foo/bar/baz', true],
  ['**/bar/*', 'deep/foo/bar/baz', true],
  ['**/bar/*', 'deep/foo/bar', false],
  ['**/bar**', 'foo/bar/baz', true],
  ['*/bar/**', 'foo/bar/baz/x', true],
  ['*/bar/**', 'deep/foo/bar/baz/x', false],
  ['**/bar/*/*', 'deep/foo/bar/baz/x', true],
  ['a**/b', 'ab', true],
  ['a**/b', 'axy/z/b', true],
  ['**\\/b', 'x/y/b', true],
  ['x\\/**/b', 'x/y/z/b', true],
  ['a[[:alpha:]]b', 'axb', true],
  ['a[[:digit:]]b', 'a1b', true],
  ['a[[:digit:]]b', 'axb', false],
  ['a[[:upper:]]b', 'aXb', true],
  ['a[[:bogus:]]b', 'axb', false],
  ['a[[:alpha:]b', 'axb', false],
  ['a[[:alpha:b', 'a[b', false],
  ['[[:alpha:]', 'a', false],
  ['a[', 'a[', false],
  ['a[b', 'a[b', false],
  ['a\\', 'a\\', false],
  ['\\a', 'a', true],
  ['a\\ ', 'a ', true],
  ['[a-]', '-', true],
  ['[!a-c]x', 'dx', true],
  ['[\\]]', ']', true],
  ['[\\-x]', '-', true],
  ['[a\\-c]', 'b', false],
  ['x*', 'x/y', true],
  ['**', 'x/y/z', true],
  ['x/**', 'x/y/z', true],
  ['x/**', 'x', false],
  ['é?', 'éa', true],
  ['?', 'é', false],
  ['??', 'é', true],
  ['[é]', 'é', false],
  ['*.txt', 'dir/é.txt', true],
]

function gitEnv(): NodeJS.ProcessEnv {
  const home = tempDir('rag-wm-home-')
  return { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
}

/** Writes each case into its own directory and returns the root. */
function writeCases(cases: readonly (readonly [string, string, boolean])[]): string {
  const root = tempDir('rag-wm-')
  cases.forEach(([pattern, path], i) => {
    const dir = join(root, `c${String(i).padStart(2, '0')}`)
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, '.gitignore'), `${pattern}\n`)
    writeFileSync(join(dir, path), 'x\n')
  })
  return root
}

function ignoredByGit(root: string, ignoreCase: boolean): Set<string> {
  const env = gitEnv()
  execFileSync('git', ['init', '-q', '--template=', root], { env })
  execFileSync('git', ['-C', root, 'config', 'core.ignorecase', String(ignoreCase)], { env })
  const kept = execFileSync('git', ['-C', root, 'ls-files', '--others', '--exclude-standard', '-z'], { env, encoding: 'utf8' }).split('\0')
  return new Set(kept)
}

async function ourAdmitted(root: string, ignoreCase: boolean): Promise<Set<string>> {
  const service = new FileIngestionService({ workers: 0, ignoreCase })
  const plan = await service.plan(root, { source: { defaultSkips: false } })
  return new Set(plan.files.map((f) => f.path))
}

describe('gitignore patterns (dir.c and wildmatch), one rule at a time, against git', () => {
  it('agrees with git and with the recorded answers on every case', async () => {
    const root = writeCases(CASES)
    const gitKept = ignoredByGit(root, false)
    const ours = await ourAdmitted(root, false)
    const rows = CASES.map(([pattern, path, ignored], i) => {
      const file = `c${String(i).padStart(2, '0')}/${path}`
      return { pattern, path, recorded: ignored, git: !gitKept.has(file), ours: !ours.has(file) }
    })
    expect(rows.filter((r) => r.git !== r.recorded)).toEqual([])
    expect(rows.filter((r) => r.ours !== r.git)).toEqual([])
  })

  it('folds ASCII case only, like git with core.ignorecase (and keeps git\'s quirks for classes and escapes)', async () => {
    const cases: [string, string, boolean][] = [
      ['*.TXT', 'a.txt', true], ['README', 'readme', true], ['[A-Z]x', 'bx', true], ['[A]x', 'Ax', false],
      ['\\Ax', 'Ax', false], ['É.txt', 'é.txt', false], ['/Docs/', 'docs/a', true], ['[[:upper:]]y', 'qy', true],
    ]
    const root = writeCases(cases)
    const gitKept = ignoredByGit(root, true)
    const ours = await ourAdmitted(root, true)
    const rows = cases.map(([pattern, path, ignored], i) => {
      const file = `c${String(i).padStart(2, '0')}/${path}`
      return { pattern, path, recorded: ignored, git: !gitKept.has(file), ours: !ours.has(file) }
    })
    expect(rows.filter((r) => r.git !== r.recorded)).toEqual([])
    expect(rows.filter((r) => r.ours !== r.git)).toEqual([])
  })
})

describe('wildmatch', () => {
  const pathname = { pathname: true, casefold: false }
  it('matches bytes, not characters: "?" is one byte of a two-byte "é"', () => {
    expect(wildmatch('?', toByteString('é'), pathname)).toBe(false)
    expect(wildmatch('??', toByteString('é'), pathname)).toBe(true)
    expect(wildmatch(toByteString('[é]'), toByteString('é'), pathname)).toBe(false)
  })

  it('keeps "*" and "?" inside one path component with WM_PATHNAME, and lets "**/" match no directory', () => {
    expect(wildmatch('a/*/c', 'a/b/c', pathname)).toBe(true)
    expect(wildmatch('a/*/c', 'a/b/x/c', pathname)).toBe(false)
    expect(wildmatch('a/**/c', 'a/c', pathname)).toBe(true)
    expect(wildmatch('a*c', 'ab/c', { pathname: false, casefold: false })).toBe(true)
  })

  it('survives a rule with a thousand wildcards against a long name', () => {
    const pattern = `${'*a'.repeat(1000)}b`
    expect(wildmatch(pattern, 'a'.repeat(5000), pathname)).toBe(false)
    expect(wildmatch(pattern, `${'a'.repeat(1000)}b`, pathname)).toBe(true)
  })
})

describe('parseIgnoreText', () => {
  const parse = (text: string) => parseIgnoreText(toByteString(text)).map((p) => ({ line: p.line, text: p.text, negative: p.negative, mustBeDir: p.mustBeDir }))

  it('skips a BOM, comments and empty lines; drops the CR of CRLF; trims unescaped trailing spaces only', () => {
    expect(parse('\uFEFF# c\r\n*.log\r\n\r\n\\#x \r\nkeep\\ \\  \n!neg/\n')).toEqual([
      { line: 2, text: '*.log', negative: false, mustBeDir: false },
      { line: 3, text: '', negative: false, mustBeDir: false },
      { line: 4, text: '\\#x', negative: false, mustBeDir: false },
      { line: 5, text: 'keep\\ \\ ', negative: false, mustBeDir: false },
      { line: 6, text: '!neg/', negative: true, mustBeDir: true },
    ])
  })

  it('keeps a trailing tab, ends a line at NUL, and reads the last line without a newline', () => {
    expect(parse('a\t\nb\0c\nlast')).toEqual([
      { line: 1, text: 'a\t', negative: false, mustBeDir: false },
      { line: 2, text: 'b', negative: false, mustBeDir: false },
      { line: 3, text: 'last', negative: false, mustBeDir: false },
    ])
  })

  it('matches a directory-only rule against directories only', () => {
    const [rule] = parseIgnoreText('tmp/')
    expect(patternMatches(rule!, 'a/tmp', 'tmp', true, false)).toBe(true)
    expect(patternMatches(rule!, 'a/tmp', 'tmp', false, false)).toBe(false)
  })
})
