import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { copyStdlibSubset, pythonStdlibDir, randomWordQueries } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRag, openRag, storeOptions } from './create-rag.js'
import type { RagService } from './rag-service.js'
import { resolveRetrieval } from './retrieval-presets.js'

const ids = (hits: readonly { document: { id: string } }[]) => hits.map((hit) => hit.document.id)
const SUBSET = ['json', 'email', 'http', 'argparse.py', 'functools.py', 'pathlib.py', 'subprocess.py']

describe('search ranks one list for every topK, over a real corpus (issue 11, defect 6)', () => {
  let root: string
  let files: string[]
  let store: SqliteKnowledgeBase
  let sessions: [string, RagService][]
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'rag-stable-ranking-'))
    files = copyStdlibSubset(root, SUBSET)
    store = await openSqliteKnowledgeBase(':memory:', storeOptions(resolveRetrieval('recommended')))
    // The CLI's session (a SQLite store, the recommended preset) and the server's (in memory).
    sessions = [
      ['openRag (SQLite, the CLI)', openRag(store)],
      ['createRag (in memory, the server)', createRag()],
    ]
    for (const [, rag] of sessions) await rag.indexDirectory(root)
  }, 180_000)
  afterAll(async () => {
    await store?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('gives the same first hit for topK 1 and 10, and top 10 is the start of top 30, for 200 random queries', async () => {
    const queries = randomWordQueries(root, files, 200, 6)
    for (const [name, rag] of sessions) {
      let answered = 0
      for (const query of queries) {
        const one = ids(await rag.search(query, 1))
        const ten = ids(await rag.search(query, 10))
        const thirty = ids(await rag.search(query, 30))
        expect(one, `${name}: "${query}"`).toEqual(ten.slice(0, 1))
        expect(ten, `${name}: "${query}"`).toEqual(thirty.slice(0, 10))
        if (one.length > 0) answered++
      }
      // The property is about real rankings: almost every query of the corpus's own words finds something.
      expect(answered).toBeGreaterThan(190)
    }
  }, 180_000)
})

describe('a 15 MiB minified file among the files that match (issue 11, defect 6)', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rag-minified-'))
    cpSync(join(pythonStdlibDir(), 'email'), join(root, 'email'), { recursive: true, filter: (path) => !path.includes('__pycache__') })
    // Real code on one line, repeated to 15 MiB: thousands of chunks that match the same words.
    const piece = readFileSync(join(pythonStdlibDir(), 'email', '_header_value_parser.py'), 'utf8').replace(/\s+/g, ' ')
    mkdirSync(join(root, 'public'))
    writeFileSync(join(root, 'public', 'app.min.js'), piece.repeat(Math.ceil((15 * 2 ** 20) / piece.length)))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('does not hide the other files: topK 30 gives 30 results from at least 10 files', async () => {
    const rag = createRag()
    await rag.indexDirectory(root)
    for (const query of ['get_qp_ctext', 'token list value', 'parse the address list', 'quoted string']) {
      const hits = await rag.search(query, 30)
      const files = new Set(hits.map((hit) => hit.document.metadata.file))
      expect(files.has('public/app.min.js'), query).toBe(true)
      expect(hits, query).toHaveLength(30)
      expect(files.size, query).toBeGreaterThanOrEqual(10)
    }
  }, 240_000)
})
