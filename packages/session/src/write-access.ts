import type { IndexStateStore, WriteLockHolder } from './index-state-store.js'

/** How a session writes to a store that has a write lock: under which name, and whether to wait. */
export interface WriteAccess {
  /**
   * Who writes, as other writers see it while they wait: `rag index`, `rag serve`, ...
   * @default 'rag'
   */
  readonly command?: string | undefined
  /** Wait while another writer holds the store; `false` fails at once with `LOCKED`. @default true */
  readonly wait?: boolean | undefined
  /** Called once when another writer holds the store and this write starts waiting. */
  readonly onWait?: ((holder: WriteLockHolder) => void) | undefined
  /** Stops waiting (and the write) with a `CancelledError`. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Runs `write` holding the store's write lock when the state store has one (one writer at a time
 * across processes), and releases it afterwards, whatever happens. Without a lock it just runs.
 */
export async function holdWriteLock<T>(store: IndexStateStore | undefined, access: WriteAccess | undefined, write: () => Promise<T>): Promise<T> {
  if (store?.acquireWriteLock === undefined) return write()
  const { command = 'rag', wait, onWait, signal } = access ?? {}
  const lock = await store.acquireWriteLock(command, {
    ...(wait === undefined ? {} : { wait }),
    ...(onWait ? { onWait } : {}),
    ...(signal ? { signal } : {}),
  })
  try {
    return await write()
  } finally {
    await lock.release()
  }
}
