/** Who holds a store's write lock (one writer at a time, across processes and hosts). */
export interface WriteLockOwner {
  /** Process id of the holder. */
  readonly pid: number
  /** Host name of the holder (a pid means nothing on another host). */
  readonly host: string
  /** What the holder is doing, e.g. `rag index`, `rag clear`, `rag serve`. */
  readonly command: string
  /** ISO time the lock was taken. */
  readonly startedAt: string
}

/** A held write lock; release it when the write is done (closing the store releases it too). */
export interface WriteLock {
  readonly owner: WriteLockOwner
  /** Gives the lock up. Idempotent. */
  release(): Promise<void>
}

/** Options of a store's `acquireWriteLock`. */
export interface AcquireWriteLockOptions {
  /**
   * Wait while another writer holds the lock (polling), instead of failing at once with a
   * RagError `LOCKED`.
   * @default true
   */
  readonly wait?: boolean
  /** Called once, when the lock is found held and the call starts waiting. */
  readonly onWait?: (holder: WriteLockOwner) => void
  /** Stops waiting with a `CancelledError`. */
  readonly signal?: AbortSignal
}
