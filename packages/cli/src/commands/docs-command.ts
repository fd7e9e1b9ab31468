import { readFileSync } from 'node:fs'
import { isatty } from 'node:tty'
import { resolve } from 'node:path'
import { RagError, type MetadataValue } from '@rag/core'
import { UsageError } from '../errors.js'
import { EXIT } from '../exit-codes.js'
import { openIndex } from '../index/open-index.js'
import { rootForIndexing, rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, lockWaitFor, type CommandContext } from './context.js'
import { escapeTerminal } from '../output/escape-terminal.js'

/** Options of `rag docs add`. */
export interface DocsAddOptions {
  /** `key=value` pairs. */
  readonly meta?: readonly string[]
  /** The content itself, instead of a file or stdin. */
  readonly text?: string
}

function parseMeta(pairs: readonly string[]): Record<string, MetadataValue> {
  const metadata: Record<string, MetadataValue> = {}
  for (const pair of pairs) {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new UsageError(`--meta must be key=value; received ${JSON.stringify(pair)}.`)
    metadata[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  return metadata
}

function readContent(context: CommandContext, file: string | undefined, options: DocsAddOptions): { content: string; source?: string } {
  if (options.text !== undefined) {
    if (file !== undefined) throw new UsageError('give either a file or --text, not both.')
    return nonEmpty({ content: options.text }, '--text')
  }
  if (file === undefined || file === '-') {
    // `isatty`, not `process.stdin.isTTY`: creating that stream makes a pipe's descriptor
    // non-blocking, and the read below then fails with EAGAIN when the writer is not ready yet.
    if (file === undefined && isatty(0)) throw new UsageError('give a file, "-" for stdin, or --text.')
    return nonEmpty({ content: readFileSync(0, 'utf8') }, 'stdin')
  }
  try {
    return nonEmpty({ content: readFileSync(resolve(context.cwd, file), 'utf8'), source: file }, file)
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new RagError('IO', `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, { cause: error })
  }
}

/** The content read, unless it is empty: an empty document finds nothing and is most likely a mistake. */
function nonEmpty(read: { content: string; source?: string }, from: string): { content: string; source?: string } {
  if (read.content.trim() === '') throw new UsageError(`the document from ${from} is empty; give some text.`)
  return read
}

/** `rag docs add [file]`: adds a document of your own (a file, stdin or --text) to the index. */
export async function docsAddCommand(context: CommandContext, file: string | undefined, options: DocsAddOptions): Promise<number> {
  const { output } = context
  const { content, source } = readContent(context, file, options)
  const metadata = { ...(source ? { source } : {}), ...parseMeta(options.meta ?? []) }
  const location = rootForIndexing(undefined, context.root, context.cwd)
  const index = await openIndex(location, configFor(context, location), { mode: 'write', warn: output.note, env: context.env, writer: 'rag docs add', lockWait: lockWaitFor(context) })
  try {
    const id = await index.rag.addDocument(content, metadata)
    if (output.json) output.emit({ id, contentLength: content.length, metadata })
    else output.line(id)
    return 0
  } finally {
    await index.close()
  }
}

/** `rag docs list`: the documents added with `rag docs add`. */
export async function docsListCommand(context: CommandContext): Promise<number> {
  const { output } = context
  const location = rootOfExistingIndex(context.root, context.cwd)
  const index = await openIndex(location, configFor(context, location), { mode: 'read', warn: output.note, env: context.env })
  try {
    const documents = await index.rag.listDocuments()
    if (output.json) {
      output.emit({ documents })
      return 0
    }
    if (documents.length === 0) output.line('No added documents.')
    for (const d of documents) {
      const preview = d.preview.replace(/\s+/g, ' ').trim()
      output.line(`${escapeTerminal(d.id)}  ${String(d.contentLength).padStart(7)} chars  ${escapeTerminal(preview.length > 60 ? `${preview.slice(0, 57)}...` : preview)}`)
    }
    return 0
  } finally {
    await index.close()
  }
}

/** `rag docs rm <id...>`: removes added documents; exit 1 if an id is unknown. */
export async function docsRemoveCommand(context: CommandContext, ids: readonly string[]): Promise<number> {
  const { output } = context
  const location = rootOfExistingIndex(context.root, context.cwd)
  const index = await openIndex(location, configFor(context, location), { mode: 'read', warn: output.note, env: context.env, writer: 'rag docs rm', lockWait: lockWaitFor(context) })
  try {
    const missing: string[] = []
    const removed: string[] = []
    for (const id of ids) ((await index.rag.removeDocument(id)) ? removed : missing).push(id)
    const notFound = missing.length > 0 ? new RagError('NOT_FOUND', `No document ${missing.join(', ')} in the index at ${location.root}.`) : undefined
    if (output.json) {
      // One JSON document: what was removed, what was missing and, then, the error (exit code 1).
      output.emit({ removed, missing, ...(notFound ? { error: { code: notFound.code, message: notFound.message } } : {}) })
      return notFound ? EXIT.failure : EXIT.ok
    }
    for (const id of removed) output.line(`Removed ${escapeTerminal(id)}`)
    if (notFound) throw notFound
    return EXIT.ok
  } finally {
    await index.close()
  }
}
