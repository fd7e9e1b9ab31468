import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CancelledError, ConfigError, InvalidArgumentError, RagError, type Analyzer } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { VectorStream } from '../vector-stream.js'
import { createStaticEmbedder } from './static-embedder.js'
import { decodeStaticModel, encodeStaticModel } from './static-model-codec.js'
import { trainStaticEmbeddings, trainStaticModel, type AnalysedTexts } from './train-static-model.js'
import { MIN_DRIFT_TOKENS, needsRetraining, vocabularyCoverage, vocabularyDrift } from './vocabulary-drift.js'

/** Real code: the TypeScript sources of @rag/core and of this package, as found on disk. */
function realSources(): string[] {
  const out: string[] = []
  for (const dir of [new URL('../../../core/src/', import.meta.url), new URL('../', import.meta.url)]) {
    const walk = (path: string): void => {
      for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (entry.isDirectory()) walk(join(path, entry.name))
        else if (entry.name.endsWith('.ts')) out.push(readFileSync(join(path, entry.name), 'utf8'))
      }
    }
    walk(dir.pathname)
  }
  return out
}

/**
 * Two animals that never occur together but share every context, and two unrelated topics: the
 * distributional hypothesis in miniature, repeated so PMI has counts to work with.
 */
function contextCorpus(): string[] {
  const texts: string[] = []
  for (let i = 0; i < 30; i++) {
    texts.push(`the cat chased a mouse around the garden then slept on the warm sofa ${i}`)
    texts.push(`the dog chased a mouse around the garden then slept on the warm sofa ${i}`)
    texts.push(`the bank charged interest on the loan and the account balance fell ${i}`)
    texts.push(`the bank raised interest on the mortgage and the account balance rose ${i}`)
  }
  return texts
}

const cosine = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0)

describe('trainStaticModel', () => {
  it('gives words that share contexts close vectors, and unrelated words distant ones', async () => {
    const model = await trainStaticModel(contextCorpus(), { analyzer: basicAnalyzer, dimensions: 16, minDocumentFrequency: 2 })
    const embedder = createStaticEmbedder(model, { analyzer: basicAnalyzer })
    const [cat, dog, bank] = await embedder.embed(['cat', 'dog', 'bank'], { inputType: 'query' })
    expect(cosine(cat!, dog!)).toBeGreaterThan(0.8)
    expect(cosine(cat!, bank!)).toBeLessThan(0.3)
  })

  it('lets a vector stream find a text by a word it does not contain', async () => {
    const corpus = contextCorpus()
    const model = await trainStaticModel(corpus, { analyzer: basicAnalyzer, dimensions: 16 })
    const stream = new VectorStream({ embedder: createStaticEmbedder(model, { analyzer: basicAnalyzer }) })
    await stream.add([
      { id: 'pets', content: 'the cat slept on the sofa', metadata: {} },
      { id: 'money', content: 'the bank account balance', metadata: {} },
    ])
    const hits = await stream.search('dog', 2)
    expect(hits[0]?.document.id).toBe('pets')
  })

  it('is deterministic: same texts, options and seed give the same model; another seed another', async () => {
    const texts = realSources()
    const a = await trainStaticModel(texts, { analyzer: basicAnalyzer, dimensions: 32 })
    const b = await trainStaticModel(texts, { analyzer: basicAnalyzer, dimensions: 32 })
    const c = await trainStaticModel(texts, { analyzer: basicAnalyzer, dimensions: 32, seed: 7 })
    expect(a.id).toBe(b.id)
    expect(a.vectors).toEqual(b.vectors)
    expect(a.terms).toEqual(b.terms)
    expect(c.id).not.toBe(a.id)
    expect(a.terms.length).toBeGreaterThan(500)
    expect(a.trainedOn.texts).toBe(texts.length)
  })

  it('makes unit term vectors and positive finite weights', async () => {
    const model = await trainStaticModel(realSources(), { analyzer: basicAnalyzer, dimensions: 24 })
    for (let t = 0; t < model.terms.length; t++) {
      const row = model.vectors.subarray(t * 24, (t + 1) * 24)
      const norm = Math.sqrt(row.reduce((s, x) => s + x * x, 0))
      expect(norm === 0 || Math.abs(norm - 1) < 1e-4).toBe(true)
      expect(model.weights[t]).toBeGreaterThan(0)
    }
  })

  it('samples at most maxTrainingChars of text, spread over the corpus', async () => {
    const texts = realSources()
    const total = texts.reduce((s, t) => s + t.length, 0)
    const maxTrainingChars = Math.floor(total / 3)
    const { model, inSample } = await trainStaticEmbeddings(texts, { analyzer: basicAnalyzer, dimensions: 8, maxTrainingChars })
    const sampled = texts.flatMap((text, i) => (inSample(i) ? [i] : []))
    expect(model.trainedOn.texts).toBe(sampled.length)
    // At most the budget, and most of it used.
    const chars = sampled.reduce((sum, i) => sum + texts[i]!.length, 0)
    expect(chars).toBeLessThanOrEqual(maxTrainingChars)
    expect(chars).toBeGreaterThan(maxTrainingChars / 2)
    // Spread: every third of the corpus (in its order) has sampled texts.
    for (let third = 0; third < 3; third++) {
      const from = Math.floor((texts.length * third) / 3)
      const to = Math.floor((texts.length * (third + 1)) / 3)
      expect(sampled.some((i) => i >= from && i < to)).toBe(true)
    }
  })

  it('trainStaticEmbeddings returns exactly what the embedder gives the same texts, sampled or not', async () => {
    const texts = realSources()
    const total = texts.reduce((s, t) => s + t.length, 0)
    for (const maxTrainingChars of [undefined, Math.floor(total / 2)]) {
      const { model, vectors } = await trainStaticEmbeddings(texts, { analyzer: basicAnalyzer, dimensions: 16, ...(maxTrainingChars ? { maxTrainingChars } : {}) })
      expect(model.id).toBe((await trainStaticModel(texts, { analyzer: basicAnalyzer, dimensions: 16, ...(maxTrainingChars ? { maxTrainingChars } : {}) })).id)
      expect(vectors).toEqual(await createStaticEmbedder(model, { analyzer: basicAnalyzer }).embed(texts))
    }
  })

  it('trainStaticEmbeddings gives back the terms of each training text, and none of a text outside the sample', async () => {
    const texts = realSources()
    const total = texts.reduce((s, t) => s + t.length, 0)
    // The built-in analyzer (term-id shortcut) and a wrapper of it (the ordinary path).
    const wrapper: Analyzer = { name: basicAnalyzer.name, analyze: (text) => basicAnalyzer.analyze(text), analyzeQuery: (text) => basicAnalyzer.analyzeQuery(text) }
    for (const analyzer of [basicAnalyzer, wrapper]) {
      const { model, termsOf, inSample } = await trainStaticEmbeddings(texts, { analyzer, dimensions: 8, maxTrainingChars: Math.floor(total / 2) })
      let sampled = 0
      texts.forEach((text, i) => {
        const terms = termsOf(i)
        // `inSample` says which texts `termsOf` answers for.
        expect(inSample(i)).toBe(terms !== undefined)
        if (terms === undefined) return
        sampled++
        expect(terms).toEqual(analyzer.analyze(text))
      })
      expect(sampled).toBe(model.trainedOn.texts)
      expect(sampled).toBeLessThan(texts.length)
      expect(termsOf(-1)).toBeUndefined()
      expect(termsOf(texts.length)).toBeUndefined()
      expect(inSample(-1) || inSample(texts.length)).toBe(false)
    }
  })


  it('hands onAnalysed the terms of the sampled texts before training goes on, once', async () => {
    const texts = realSources()
    const total = texts.reduce((s, t) => s + t.length, 0)
    const seen: AnalysedTexts[] = []
    const { model, termsOf } = await trainStaticEmbeddings(texts, { analyzer: basicAnalyzer, dimensions: 8, maxTrainingChars: Math.floor(total / 2), onAnalysed: (a) => seen.push(a) })
    expect(seen).toHaveLength(1)
    const { sample, terms, tokens, starts } = seen[0]!
    expect(sample.length).toBe(model.trainedOn.texts)
    expect(sample.length).toBeLessThan(texts.length)
    sample.forEach((index, s) => {
      const got = Array.from(tokens.subarray(starts[s]!, starts[s + 1]!), (id) => terms[id])
      expect(got).toEqual(basicAnalyzer.analyze(texts[index]!))
      expect(got).toEqual(termsOf(index))
    })
    await expect(trainStaticModel(texts, { analyzer: basicAnalyzer, onAnalysed: 'yes' as never })).rejects.toThrow(InvalidArgumentError)
  })
  it('handles an empty corpus and a corpus smaller than the dimensions', async () => {
    const empty = await trainStaticModel([], { analyzer: basicAnalyzer, dimensions: 8 })
    expect(empty.terms).toEqual([])
    expect(await createStaticEmbedder(empty, { analyzer: basicAnalyzer }).embed(['anything'])).toEqual([new Float32Array(8)])
    const tiny = await trainStaticModel(['alpha beta gamma', 'alpha beta delta'], { analyzer: basicAnalyzer, dimensions: 64 })
    const [v] = await createStaticEmbedder(tiny, { analyzer: basicAnalyzer }).embed(['alpha'])
    expect(v).toHaveLength(64)
  })

  it('cancels between phases through an AbortSignal', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(trainStaticModel(realSources(), { analyzer: basicAnalyzer, signal: controller.signal })).rejects.toBeInstanceOf(CancelledError)
  })

  it('rejects bad options with InvalidArgumentError', async () => {
    await expect(trainStaticModel(['a b'], { analyzer: basicAnalyzer, dimensions: 0 })).rejects.toThrow('dimensions must be a positive integer; received 0.')
    await expect(trainStaticModel(['a b'], { analyzer: undefined as unknown as Analyzer })).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(trainStaticModel('a b' as unknown as string[], { analyzer: basicAnalyzer })).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(trainStaticModel(['a b'], { analyzer: basicAnalyzer, smoothing: 2 })).rejects.toThrow('smoothing must be a number in [0, 1]; received 2.')
  })
})

describe('createStaticEmbedder', () => {
  it('names itself after the model and refuses another analyzer', async () => {
    const model = await trainStaticModel(realSources(), { analyzer: basicAnalyzer, dimensions: 16 })
    const embedder = createStaticEmbedder(model, { analyzer: basicAnalyzer })
    expect(embedder.name).toBe(`static@1:${model.id}`)
    expect(embedder.dimensions).toBe(16)
    const other: Analyzer = { name: 'other@1', analyze: (t) => t.split(' '), analyzeQuery: (t) => t.split(' ') }
    expect(() => createStaticEmbedder(model, { analyzer: other })).toThrow(ConfigError)
    expect(() => createStaticEmbedder(model, { analyzer: other })).toThrow(`The static model ${model.id} was trained with analyzer "basic@1"; received "other@1".`)
  })

  it('embeds in batches with progress, unit vectors, zero for unknown words, and cancels', async () => {
    const model = await trainStaticModel(realSources(), { analyzer: basicAnalyzer, dimensions: 16 })
    const embedder = createStaticEmbedder(model, { analyzer: basicAnalyzer, batchSize: 2 })
    const progress: number[] = []
    const vectors = await embedder.embed(['export function', 'qqqzzz xxyyzz', 'const value', 'return embedder'], { onProgress: (p) => progress.push(p.embedded) })
    expect(progress).toEqual([2, 4])
    expect(Math.hypot(...vectors[0]!)).toBeCloseTo(1, 5)
    expect(Array.from(vectors[1]!).every((x) => x === 0)).toBe(true)
    const controller = new AbortController()
    const run = embedder.embed(['a', 'b', 'c', 'd'], { signal: controller.signal, onProgress: () => controller.abort() })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
  })
})

describe('encodeStaticModel / decodeStaticModel', () => {
  it('round-trips a model exactly, and the decoded model embeds the same', async () => {
    const model = await trainStaticModel(realSources(), { analyzer: basicAnalyzer, dimensions: 16 })
    const bytes = encodeStaticModel(model)
    const back = decodeStaticModel(bytes)
    expect(back).toEqual(model)
    const text = ['function embed texts', 'vector stream search']
    expect(await createStaticEmbedder(back, { analyzer: basicAnalyzer }).embed(text)).toEqual(await createStaticEmbedder(model, { analyzer: basicAnalyzer }).embed(text))
    // Decoding from a view into a larger buffer works too (as a database driver may hand it over).
    const padded = new Uint8Array(bytes.length + 10)
    padded.set(bytes, 3)
    expect(decodeStaticModel(padded.subarray(3, 3 + bytes.length)).id).toBe(model.id)
  })

  it('refuses a truncated or altered blob with CORRUPT_STORE', async () => {
    const model = await trainStaticModel(realSources(), { analyzer: basicAnalyzer, dimensions: 8 })
    const bytes = encodeStaticModel(model)
    const truncated = bytes.subarray(0, bytes.length - 4)
    expect(() => decodeStaticModel(truncated)).toThrow(/expected \d+ bytes/)
    const altered = bytes.slice()
    altered[altered.length - 2]! ^= 0x01
    let error: unknown
    try {
      decodeStaticModel(altered)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(RagError)
    expect((error as RagError).code).toBe('CORRUPT_STORE')
    expect((error as RagError).message).toMatch(/hashes to [0-9a-f]{16}, not to the recorded id/)
    expect(() => decodeStaticModel(new TextEncoder().encode('not a model at all'))).toThrow(RagError)
  })
})

describe('vocabularyDrift', () => {
  it('is near zero on the training texts and grows with unseen vocabulary', async () => {
    const texts = realSources()
    const model = await trainStaticModel(texts, { analyzer: basicAnalyzer, dimensions: 8 })
    const same = vocabularyDrift(model, vocabularyCoverage(model, basicAnalyzer, texts))
    expect(same.unknownShare).toBeCloseTo(model.unknownShare, 10)
    expect(same.drift).toBe(0)
    expect(needsRetraining(same)).toBe(false)
    const foreign = ['Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore']
    const moved = vocabularyDrift(model, vocabularyCoverage(model, basicAnalyzer, [...texts.slice(0, 3), ...foreign.flatMap((t) => Array(200).fill(t) as string[])]))
    expect(moved.drift).toBeGreaterThan(0.3)
    expect(needsRetraining(moved)).toBe(true)
    expect(() => needsRetraining(moved, 0)).toThrow(InvalidArgumentError)
    // A one-line edit's few terms are no evidence, whatever share of them is unknown: coverage adds up until there are enough.
    const small = vocabularyDrift(model, vocabularyCoverage(model, basicAnalyzer, foreign))
    expect(small.drift).toBeGreaterThan(0.3)
    expect(small.tokens).toBeLessThan(MIN_DRIFT_TOKENS)
    expect(needsRetraining(small)).toBe(false)
  })
})
