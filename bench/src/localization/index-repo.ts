import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { RagError, type Document } from '@rag/core'
import type { RagService } from '@rag/session'
import type { LocalizationRepo } from '../corpus/localization-data.js'
import { createLocalizationPipeline } from './pipeline.js'

/** A repository indexed by the pipeline, with what the ranking signals read from it. */
export interface IndexedRepo {
  readonly repo: LocalizationRepo
  readonly dir: string
  readonly rag: RagService
  /** Every chunk in the index. */
  readonly chunks: readonly Document[]
  /** The distinct `file` paths of the chunks, sorted. */
  readonly files: readonly string[]
  /** Wall time of `indexDirectory`, ms. */
  readonly indexMs: number
  /** Ignore-file lines removed by the temporary `!` workaround (see {@link indexRepo}); empty when none was needed. */
  readonly strippedIgnoreLines: readonly string[]
}

const NEGATION_REFUSED = /"!" is not supported/

function ignoreFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) ignoreFiles(path, out)
    else if (entry.isFile() && (entry.name === '.gitignore' || entry.name === '.tnsignore')) out.push(path)
  }
  return out
}

/**
 * TEMPORARY (until issue 17 lands: ingest follows git's `!` rules): removes every `!` line from
 * the ignore files of the bench's own unpacked copy, and says which. Never touches ingest.
 */
function stripNegations(dir: string): string[] {
  const stripped: string[] = []
  for (const path of ignoreFiles(dir)) {
    const lines = readFileSync(path, 'utf8').split('\n')
    const kept = lines.filter((line, i) => {
      if (!line.trimStart().startsWith('!')) return true
      stripped.push(`${relative(dir, path)} line ${i + 1}: ${line.trim()}`)
      return false
    })
    if (kept.length !== lines.length) writeFileSync(path, kept.join('\n'))
  }
  return stripped
}

/**
 * Indexes a folder with {@link createLocalizationPipeline}. Should ingest refuse it because an
 * ignore file has a `!` rule (one of the six repositories does, until issue 17 lands), the `!`
 * lines are stripped from this copy and the run is repeated; the lines are returned.
 */
export async function indexFolder(dir: string): Promise<{ rag: RagService; indexMs: number; strippedIgnoreLines: string[] }> {
  let rag = createLocalizationPipeline()
  let strippedIgnoreLines: string[] = []
  let started = performance.now()
  try {
    await rag.indexDirectory(dir)
  } catch (error) {
    if (!(error instanceof RagError && error.code === 'CONFIG' && NEGATION_REFUSED.test(error.message))) throw error
    strippedIgnoreLines = stripNegations(dir)
    rag = createLocalizationPipeline()
    started = performance.now()
    await rag.indexDirectory(dir)
  }
  return { rag, indexMs: performance.now() - started, strippedIgnoreLines }
}

/** Indexes an unpacked corpus with {@link indexFolder}, and lists its chunks and files. */
export async function indexRepo(repo: LocalizationRepo, dir: string): Promise<IndexedRepo> {
  const { rag, indexMs, strippedIgnoreLines } = await indexFolder(dir)
  const chunks = await rag.knowledgeBase.list()
  const files = [...new Set(chunks.map((c) => String(c.metadata.file)))].sort()
  return { repo, dir, rag, chunks, files, indexMs, strippedIgnoreLines }
}
