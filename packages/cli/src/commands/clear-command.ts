import { rmSync } from 'node:fs'
import { RagError } from '@rag/core'
import { openIndex } from '../index/open-index.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, lockWaitFor, type CommandContext } from './context.js'
import { escapeTerminal } from '../output/escape-terminal.js'

/**
 * `rag clear`: empties the nearest index (chunks, fingerprints, added documents). A database that
 * cannot be opened (corrupt, another application's, a newer schema) is deleted instead.
 */
export async function clearCommand(context: CommandContext): Promise<number> {
  const { output } = context
  const location = rootOfExistingIndex(context.root, context.cwd)
  let deleted = false
  try {
    const index = await openIndex(location, configFor(context, location), { mode: 'read', warn: output.note, env: context.env, writer: 'rag clear', lockWait: lockWaitFor(context) })
    try {
      await index.rag.clear()
    } finally {
      await index.close()
    }
  } catch (error) {
    if (!(error instanceof RagError) || (error.code !== 'CORRUPT_STORE' && error.code !== 'INCOMPATIBLE_STORE')) throw error
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${location.database}${suffix}`, { force: true })
    deleted = true
  }
  if (output.json) output.emit({ root: location.root, cleared: true, deletedUnreadableDatabase: deleted })
  else output.line(deleted ? `Deleted the unreadable index at ${escapeTerminal(location.database)}.` : `Cleared the index at ${escapeTerminal(location.root)}.`)
  return 0
}
