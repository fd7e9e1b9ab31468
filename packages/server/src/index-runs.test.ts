import { realpath, rename, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { createRag } from '@rag/session'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IndexRuns, type SessionEvent } from './index-runs.js'
import { createSandbox, type Sandbox } from './testing/harness.js'

const SECRET = 'SWAPPED_OUTSIDE_MARKER'

/** Starts a run and resolves with its last event (`done`, `error` or `cancelled`). */
function finished(runs: IndexRuns, sessionId: string, start: () => void): Promise<SessionEvent> {
  return new Promise((resolve) => {
    const unsubscribe = runs.subscribe(sessionId, (event) => {
      if (event.type === 'done' || event.type === 'error' || event.type === 'cancelled') {
        unsubscribe()
        resolve(event)
      }
    })
    start()
  })
}

describe('IndexRuns', () => {
  let sandbox: Sandbox
  beforeEach(async () => {
    sandbox = await createSandbox({ 'repo/main.ts': 'export const insideMarker = 1\n' }, { 'secret.ts': `export const secret = "${SECRET}"\n` })
  })
  afterEach(async () => {
    await sandbox.dispose()
  })

  // The route confines the path, then the run resolves it again: a directory swapped for a link out
  // in between must not be followed (the run re-checks it against the roots it is given).
  it('refuses, with FORBIDDEN, a confined path that became a link out of the roots before the run resolved it', async () => {
    const root = await realpath(sandbox.root)
    const checked = join(root, 'repo')
    await rename(checked, join(root, 'repo-moved'))
    await symlink(sandbox.outside, checked)
    const runs = new IndexRuns()
    const rag = createRag()
    const event = await finished(runs, 's', () => runs.start('s', rag, checked, { within: [root] }))
    expect(event).toMatchObject({ type: 'error', error: { code: 'FORBIDDEN' } })
    const hits = await rag.search(SECRET, 5)
    expect(hits).toEqual([])
  })

  it('indexes a confined path that still resolves inside the roots', async () => {
    const root = await realpath(sandbox.root)
    const runs = new IndexRuns()
    const rag = createRag()
    const event = await finished(runs, 's', () => runs.start('s', rag, join(root, 'repo'), { within: [root] }))
    expect(event.type).toBe('done')
    expect((await rag.search('insideMarker', 5)).length).toBeGreaterThan(0)
  })
})
