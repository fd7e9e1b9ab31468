import Database from 'better-sqlite3'

const PAUSE_MS = 10
const sleeper = new Int32Array(new SharedArrayBuffer(4))

/** `true` for the SQLite errors a retry can cure: another connection holds a lock this one needs. */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')
}

/**
 * Runs `statement`, and runs it again every few milliseconds while SQLite answers `SQLITE_BUSY`,
 * for up to `timeoutMs`. SQLite's own busy timeout does not cover every wait: a connection that
 * reads the file and then needs an exclusive lock (switching the journal to WAL) gets `SQLITE_BUSY`
 * at once while another connection holds the write lock, because waiting could deadlock. Running
 * the whole statement again releases this connection's shared lock between tries, so the other
 * connection can finish. The last error is rethrown when the time is up.
 */
export function retryWhileBusy<T>(statement: () => T, timeoutMs: number): T {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return statement()
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error
      Atomics.wait(sleeper, 0, 0, PAUSE_MS)
    }
  }
}
