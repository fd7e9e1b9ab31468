/**
 * Measures decoding rule 6 (binary by content) on real files: which files that pass the NUL sniff
 * are binary by their share of control and replaced characters, and by which part of the rule.
 *
 * Run: `cd bench && npx tsx ../packages/ingest/test/measure-binary-rule.ts <dir>...` (files up to
 * 4 MiB, symbolic links not followed).
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeText, SNIFF_BYTES } from '../src/decode.js'

function* files(dir: string): Generator<string> {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const path = join(dir, name)
    const stat = lstatSync(path, { throwIfNoEntry: false })
    if (stat?.isDirectory()) yield* files(path)
    else if (stat?.isFile() && stat.size > 0 && stat.size <= 4 * 1024 * 1024) yield path
  }
}

let scanned = 0
let nul = 0
let text = 0
const binary: string[] = []
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    let bytes: Buffer
    try {
      bytes = readFileSync(path)
    } catch {
      continue
    }
    scanned++
    if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
      nul++
      continue
    }
    const outcome = decodeText(bytes)
    if (outcome.ok) text++
    else binary.push(`${outcome.detail}\t${path}`)
  }
}
console.log(JSON.stringify({ scanned, nulInFirst8000Bytes: nul, text, binaryByContent: binary.length }))
for (const line of binary) console.log(line)
