import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, runRag, type Sandbox } from '../../src/testing/cli-process.js'

const FILES = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/f${i}.ts`, `export function helper${i}() {\n  return ${i}\n}\n`]))

function expectOneLineWithAdvice(run: { code: number | null; stderr: string; stdout: string }, message: RegExp): void {
  expect(run.code).toBe(1)
  expect(run.stderr.trim().split('\n')).toHaveLength(1)
  expect(run.stderr).toMatch(message)
  expect(run.stderr).toMatch(/run `rag clear` to delete the .*, then `rag index`\.$/m)
  expect(run.stderr).not.toMatch(/unexpected failure|INTERNAL/)
}

describe('rag: a damaged index gets one clear line with the fix (end to end)', () => {
  let box: Sandbox
  const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })
  const database = () => join(box.root, '.rag', 'index.db')

  let intact: Buffer

  beforeAll(async () => {
    box = await createSandbox(FILES)
    expect((await rag(['index'])).code).toBe(0)
    intact = await readFile(database())
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('reports bytes damaged inside the stored index state as a corrupt store, with `rag clear` as the fix', async () => {
    const bytes = Buffer.from(intact)
    const at = bytes.indexOf('"root":"')
    expect(at).toBeGreaterThan(0)
    bytes[at + 9] = 0x01 // a control character inside the JSON string: what a flipped bit leaves
    await writeFile(database(), bytes)
    // (`search` reads chunks, not the state, and still answers.)
    for (const command of [['status'], ['index']]) {
      expectOneLineWithAdvice(await rag(command), /^error: .*index\.db: the SQLite store is corrupt \(a stored value is not valid JSON: /)
    }
    // The advice works: `rag clear` deletes or empties the damaged index.
    expect((await rag(['clear'])).code).toBe(0)
  })

  it('does not serve a 0-byte index.db as an empty index: reads fail with advice and leave it alone; `rag index` rebuilds it', async () => {
    await writeFile(database(), '')
    for (const command of [['status'], ['search', 'helper1']]) {
      expectOneLineWithAdvice(await rag(command), /^error: .*index\.db: the store file is empty \(0 bytes\), not an index;/)
    }
    expect((await stat(database())).size).toBe(0)
    const rebuilt = await rag(['index'])
    expect(rebuilt.code, rebuilt.stderr).toBe(0)
    expect(rebuilt.stdout).toMatch(/5 files \(5 chunked/)
  })
})
