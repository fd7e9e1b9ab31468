import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IndexLocation } from './index-location.js'

/** An index run in progress in some process, as `rag status` reports it. */
export interface IndexActivity {
  readonly pid: number
  readonly command: string
  readonly startedAt: string
}

const FILE = 'indexing.json'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Records that this process is indexing (`.rag/indexing.json`) until the returned function is
 * called. A process killed mid-run leaves the file behind; readers ignore it once its pid is gone.
 */
export function markIndexing(location: IndexLocation, command: string): () => void {
  const path = join(location.directory, FILE)
  const activity: IndexActivity = { pid: process.pid, command, startedAt: new Date().toISOString() }
  try {
    writeFileSync(path, JSON.stringify(activity))
  } catch {
    return () => {}
  }
  return () => {
    try {
      const current = JSON.parse(readFileSync(path, 'utf8')) as IndexActivity
      if (current.pid === process.pid) rmSync(path, { force: true })
    } catch {
      // Already gone, or replaced by another process: nothing to clean up.
    }
  }
}

/** The index run in progress, if a live process recorded one. */
export function readIndexing(location: IndexLocation): IndexActivity | undefined {
  try {
    const activity = JSON.parse(readFileSync(join(location.directory, FILE), 'utf8')) as IndexActivity
    return typeof activity.pid === 'number' && alive(activity.pid) ? activity : undefined
  } catch {
    return undefined
  }
}
