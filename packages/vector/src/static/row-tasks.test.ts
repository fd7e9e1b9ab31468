import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { InvalidArgumentError } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { runRowBlock, SERIAL_ROWS, type RowRunner, type RowTask } from './row-tasks.js'
import { StaticEncoder } from './static-encoder.js'
import { trainStaticEmbeddings } from './train-static-model.js'

/** Real code: the TypeScript sources of this package. */
function realSources(): string[] {
  const out: string[] = []
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(join(path, entry.name))
      else if (entry.name.endsWith('.ts')) out.push(readFileSync(join(path, entry.name), 'utf8'))
    }
  }
  walk(new URL('../', import.meta.url).pathname)
  return out
}

/** Runs each task in blocks of `size` rows, in a scrambled order, as two threads sharing it might. */
function scrambledRunner(size: number, seen: RowTask['kind'][]): RowRunner {
  return {
    run(task) {
      seen.push(task.kind)
      const blocks = Array.from({ length: Math.ceil(task.rows / size) }, (_, b) => b)
      blocks.sort((a, b) => ((a * 7919) % 13) - ((b * 7919) % 13) || b - a)
      for (const b of blocks) runRowBlock(task, b * size, Math.min(task.rows, (b + 1) * size))
    },
    float64: (length) => new Float64Array(new SharedArrayBuffer(length * 8)),
    uint8: (length) => new Uint8Array(new SharedArrayBuffer(length)),
    float32: (length) => new Float32Array(new SharedArrayBuffer(length * 4)),
  }
}

describe('row tasks of the static training', () => {
  it('give the same model and vectors, bit for bit, whatever blocks they run in and in what order', async () => {
    const texts = realSources()
    const options = { analyzer: basicAnalyzer, dimensions: 32, coreTerms: 300, maxVocabulary: 1500 }
    const serial = await trainStaticEmbeddings(texts, options)
    for (const size of [1, 5, 64]) {
      const seen: RowTask['kind'][] = []
      const blocked = await trainStaticEmbeddings(texts, { ...options, rowRunner: scrambledRunner(size, seen) })
      expect(new Set(seen)).toEqual(new Set(['sparse-dense', 'transposed-product', 'substitute', 'multiply-rows', 'embed']))
      expect(blocked.model.id).toBe(serial.model.id)
      expect(Buffer.from(blocked.model.vectors.buffer).equals(Buffer.from(serial.model.vectors.buffer))).toBe(true)
      expect(blocked.vectors.map((v) => [...v])).toEqual(serial.vectors.map((v) => [...v]))
      // The caller's vectors are ordinary memory, even when the runner's were shared.
      expect(blocked.vectors[0]!.buffer).toBeInstanceOf(ArrayBuffer)
    }
    // A runner without float32 (its embed output is ordinary memory) gives the same vectors.
    const { float32: _float32, ...withoutFloat32 } = scrambledRunner(7, [])
    const plain = await trainStaticEmbeddings(texts, { ...options, rowRunner: withoutFloat32 })
    expect(plain.vectors.map((v) => [...v])).toEqual(serial.vectors.map((v) => [...v]))
  })

  it('embeds the sampled texts as the encoder does, bit for bit', async () => {
    const texts = realSources()
    const trained = await trainStaticEmbeddings(texts, { analyzer: basicAnalyzer, dimensions: 32, coreTerms: 300, maxVocabulary: 1500 })
    const encoder = new StaticEncoder(trained.model, basicAnalyzer)
    for (let i = 0; i < texts.length; i++) expect([...trained.vectors[i]!]).toEqual([...encoder.encode(texts[i]!)])
  })

  it('refuses a runner that is not one', async () => {
    await expect(trainStaticEmbeddings(['a b c'], { analyzer: basicAnalyzer, rowRunner: { run: () => undefined } as unknown as RowRunner })).rejects.toThrow(InvalidArgumentError)
    expect(SERIAL_ROWS.float64(3)).toEqual(new Float64Array(3))
  })
})
