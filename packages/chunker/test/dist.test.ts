import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Chunk } from '@rag/core'
import { describe, expect, it } from 'vitest'
import type * as ChunkerModule from '../src/index.js'
import { readFixture } from '../src/testing/corpus.js'

const DIST = new URL('../dist/index.js', import.meta.url)

/** Runs the built package in a worker thread, which loads web-tree-sitter and the grammar itself. */
function chunkInWorker(file: { path: string; content: string; format: string }): Promise<Chunk[]> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads')
    import(workerData.dist)
      .then((m) => m.createNormalizedDocumentChunker().chunk(workerData.file))
      .then((chunks) => parentPort.postMessage(chunks), (error) => parentPort.postMessage({ error: String(error) }))
  `
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, execArgv: [], workerData: { dist: DIST.href, file } })
    worker.once('message', (message: Chunk[] | { error: string }) => {
      void worker.terminate()
      if ('error' in message) reject(new Error(message.error))
      else resolve(message)
    })
    worker.once('error', reject)
  })
}

describe('the built package', () => {
  it('exists (the test task builds it first)', () => {
    expect(existsSync(fileURLToPath(DIST)), 'run `pnpm build` in packages/chunker first').toBe(true)
  })

  it('finds the tree-sitter runtime and grammars from dist/', async () => {
    const { createNormalizedDocumentChunker, SUPPORTED_LANGUAGES } = (await import(DIST.href)) as typeof ChunkerModule
    const chunker = createNormalizedDocumentChunker({ maxChars: 600, minChars: 0 })
    for (const info of SUPPORTED_LANGUAGES.filter((l) => l.grammar)) {
      const chunks = await chunker.chunk({ path: `probe${info.extensions[0]}`, content: 'x\n', format: 'code' })
      expect(chunks[0]?.metadata['fallback'], info.id).toBeUndefined()
    }
    const chunks = await chunker.chunk({ path: 'inventory.py', content: readFixture('python.py'), format: 'code' })
    expect(chunks.map((c) => c.metadata.qname)).toContain('Inventory.add')
  })

  it('carries the Kotlin, Swift and Dart grammars in dist/grammars/ and parses with them without the devDependencies', async () => {
    const require = createRequire(import.meta.url)
    const shipped = (grammar: string): Buffer => readFileSync(fileURLToPath(new URL(`../dist/grammars/tree-sitter-${grammar}.wasm`, import.meta.url)))
    expect(shipped('kotlin').equals(readFileSync(require.resolve('@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm')))).toBe(true)
    for (const grammar of ['swift', 'dart']) expect(shipped(grammar).equals(readFileSync(require.resolve(`@repomix/tree-sitter-wasms/out/tree-sitter-${grammar}.wasm`))), grammar).toBe(true)
    // A copy of dist/ whose node_modules hold the runtime dependencies only, as an installed package's would.
    const root = mkdtempSync(join(tmpdir(), 'chunker-dist-'))
    try {
      cpSync(fileURLToPath(new URL('../dist', import.meta.url)), join(root, 'dist'), { recursive: true })
      cpSync(fileURLToPath(new URL('../package.json', import.meta.url)), join(root, 'package.json'))
      for (const name of ['@rag/core', '@vscode/tree-sitter-wasm', 'web-tree-sitter']) {
        const target = join(root, 'node_modules', name)
        mkdirSync(dirname(target), { recursive: true })
        symlinkSync(fileURLToPath(new URL(`../node_modules/${name}`, import.meta.url)), target, 'dir')
      }
      const { createNormalizedDocumentChunker } = (await import(join(root, 'dist/index.js'))) as typeof ChunkerModule
      const chunker = createNormalizedDocumentChunker({ maxChars: 600, minChars: 0 })
      const qnames = async (path: string): Promise<unknown[]> => (await chunker.chunk({ path, content: readFixture(path), format: 'code' })).map((c) => c.metadata.qname)
      expect(await qnames('kotlin.kt')).toContain('OrderBook.add')
      expect(await qnames('swift.swift')).toContain('Repository')
      expect(await qnames('dart.dart')).toContain('Order.toJson')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('chunks in worker threads, each loading its own grammars', async () => {
    const python = { path: 'inventory.py', content: readFixture('python.py'), format: 'code' }
    const rust = { path: 'ring.rs', content: readFixture('rust.rs'), format: 'code' }
    const [a, b, c] = await Promise.all([chunkInWorker(python), chunkInWorker(rust), chunkInWorker(python)])
    expect(a?.some((chunk) => chunk.metadata.qname === 'load')).toBe(true)
    expect(b?.some((chunk) => chunk.metadata.kind === 'impl')).toBe(true)
    expect(c?.map((chunk) => chunk.id)).toEqual(a?.map((chunk) => chunk.id))
    expect(a?.every((chunk) => chunk.metadata['fallback'] === undefined)).toBe(true)
    // Three workers each compile their grammars' WebAssembly: about a second idle, over 30 s on a
    // loaded two-core CI machine.
  }, 120_000)
})
