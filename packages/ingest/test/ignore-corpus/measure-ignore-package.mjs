// Measures the `ignore` npm package against the ignore corpus: how many paths would it get wrong?
// Run from packages/ingest: node test/ignore-corpus/measure-ignore-package.mjs
//
// Each case's ignore files are loaded into one `ignore()` instance per directory, and paths are
// judged with git's traversal (an ignored directory is never entered; the innermost file with a
// matching rule decides), so only the package's rule matching is measured. Two ways of asking it:
// - `public`: `ig.test(path)`, its documented API (it also tests parent directories, per file);
// - `rules`:  `ig._rules.test(path)`, its internal per-rule test without the parent check.
/* global URL, console */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import ignore from 'ignore'

const corpus = JSON.parse(gunzipSync(readFileSync(new URL('./cases.json.gz', import.meta.url))).toString('utf8'))

function measure(ask) {
  let paths = 0
  let mismatches = 0
  const cases = []
  for (const [name, c] of Object.entries(corpus)) {
    const files = new Map(c.ignoreFiles.map((f) => [f.dir, ignore({ ignorecase: false }).add(f.content.replace(/^\uFEFF/, ''))]))
    const memo = new Map()
    const ignored = (path, isDirectory) => {
      const key = `${path}${isDirectory ? '/' : ''}`
      if (memo.has(key)) return memo.get(key)
      const parts = path.split('/')
      let result = parts.length > 1 && ignored(parts.slice(0, -1).join('/'), true)
      for (let i = parts.length - 1; !result && i >= 0; i--) {
        const matcher = files.get(parts.slice(0, i).join('/'))
        if (!matcher) continue
        const verdict = ask(matcher, `${parts.slice(i).join('/')}${isDirectory ? '/' : ''}`)
        if (verdict.ignored) result = true
        else if (verdict.unignored) break
      }
      memo.set(key, result)
      return result
    }
    const kept = new Set(c.kept)
    let wrong = 0
    for (const path of c.paths) {
      paths++
      if (ignored(path, false) === kept.has(path)) wrong++
    }
    if (wrong > 0) cases.push(`${name} (${wrong})`)
    mismatches += wrong
  }
  return { paths, mismatches, cases }
}

const version = JSON.parse(readFileSync(new URL('../../node_modules/ignore/package.json', import.meta.url), 'utf8')).version
console.log(`ignore@${version} against ${Object.keys(corpus).length} cases`)
console.log('public test():', measure((ig, path) => ig.test(path)))
console.log('internal rules:', measure((ig, path) => ig._rules.test(path, 'regex')))
