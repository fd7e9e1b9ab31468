import { statSync } from 'node:fs'
import { hostname } from 'node:os'
import type { RagStatus } from '@rag/session'
import { openIndex } from '../index/open-index.js'
import { describeTarget } from '../index/open-store.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'
import { escapeTerminal } from '../output/escape-terminal.js'

function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/** "3 minutes ago", for a human. */
export function ago(date: Date, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - date.getTime()) / 1000))
  if (s < 60) return `${s} s ago`
  if (s < 3600) return `${Math.round(s / 60)} min ago`
  if (s < 86_400) return `${(s / 3600).toFixed(1)} h ago`
  return `${(s / 86_400).toFixed(1)} days ago`
}

/** The embedder row: which embedder, its dimensions and how many chunks have a vector. */
export function vectorsRow(vectors: RagStatus['vectors'], documents: number): string {
  if (vectors === undefined) return 'none (`rag index --embedder static` adds a vector stream)'
  if (vectors.embedder === undefined) return `${vectors.kind}: no model trained yet (run \`rag index\`)`
  return `${vectors.embedder} (${vectors.kind}, ${vectors.dimensions} dimensions): ${vectors.embedded} of ${documents} chunks and documents embedded`
}

/** The layers row: what the code layers hold, or how to build them. */
export function layersRow(layers: RagStatus['layers']): string {
  if (layers === undefined) return 'none (`rag index --layers` adds symbols, dependencies and entrypoints)'
  return `${layers.symbols} definitions, ${layers.resolvedEdges} resolved dependency edges, ${layers.entrypoints} entrypoints in ${layers.files} files`
}

/** `rag status`: counts, times and the state of the nearest index. */
export async function statusCommand(context: CommandContext): Promise<number> {
  const { output } = context
  const location = rootOfExistingIndex(context.root, context.cwd)
  const index = await openIndex(location, configFor(context, location), { mode: 'read', warn: output.note, env: context.env })
  try {
    const status = await index.rag.getStatus()
    const { generation, committedAt } = await index.store.loadState()
    const sqlite = index.target.kind === 'sqlite'
    const bytes = sqlite ? fileSize(location.database) + fileSize(`${location.database}-wal`) : null
    // Who writes the index right now: the holder of its write lock (an index run, watch, clear, ...).
    const activity = await index.store.writeLockHolder()
    const summary = {
      root: location.root,
      database: describeTarget(index.target),
      databaseBytes: bytes,
      analyzer: index.settings.analyzer,
      fields: index.settings.indexedText,
      weights: index.settings.weights,
      files: status.fileCount,
      chunks: status.chunkCount,
      documents: status.documentCount,
      lastIndexedAt: status.lastIndexedAt?.toISOString() ?? null,
      lastCommittedAt: committedAt ?? null,
      generation,
      indexing: activity ?? null,
      vectors: status.vectors === undefined ? null : { ...status.vectors, embedder: status.vectors.embedder ?? null, dimensions: status.vectors.dimensions ?? null },
      layers: status.layers ?? null,
    }
    if (output.json) {
      output.emit(summary)
      return 0
    }
    const rows: [string, string][] = [
      ['Root', location.root],
      ['Index', bytes === null ? describeTarget(index.target) : `${location.database} (${(bytes / 1024 / 1024).toFixed(1)} MB)`],
      ['Analyzer', index.settings.analyzer],
      ['Fields', index.settings.indexedText],
      ['Ranking', `bm25 ${index.settings.weights.bm25} + tfidf ${index.settings.weights.tfidf}${status.vectors ? ` + vector ${index.settings.weights.vector}` : ''} (search.weights)`],
      ['Vectors', vectorsRow(status.vectors, status.documentCount)],
      ['Layers', layersRow(status.layers)],
      ['Files', String(status.fileCount)],
      ['Chunks', String(status.chunkCount)],
      ['Documents', `${status.documentCount} (chunks and added documents)`],
      ['Indexed', status.lastIndexedAt ? `${status.lastIndexedAt.toISOString()} (${ago(status.lastIndexedAt)})` : 'never'],
      ['Generation', `${generation}${committedAt ? `, last write ${committedAt}` : ''}`],
      ['Writing', activity ? `yes: \`${activity.command}\` (pid ${activity.pid}${activity.host === hostname() ? '' : ` on ${activity.host}`}) since ${activity.startedAt}` : 'no'],
    ]
    for (const [label, value] of rows) output.line(`${label.padEnd(11)}${escapeTerminal(value)}`)
    return 0
  } finally {
    await index.close()
  }
}
