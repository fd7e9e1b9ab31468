import { randomUUID } from 'node:crypto'
import { CancelledError, RagError } from '@rag/core'
import type { RagService } from '@rag/session'
import { toHttpError } from './http-error.js'

type IndexReport = Awaited<ReturnType<RagService['indexDirectory']>>

/** What an index run reports when it commits. */
export interface IndexRunSummary {
  readonly root: string
  readonly files: number
  readonly chunked: number
  readonly added: number
  readonly removed: number
  readonly failed: number
  /** Wall milliseconds of the whole run, the commit included. */
  readonly totalMs: number
}

/** One event of a session's channel (sent as JSON over the WebSocket). */
export type SessionEvent =
  | { readonly type: 'started'; readonly runId: string; readonly path: string }
  | { readonly type: 'progress'; readonly runId: string; readonly indexedFiles: number; readonly totalFiles: number; readonly currentFile: string }
  | { readonly type: 'done'; readonly runId: string; readonly summary: IndexRunSummary }
  | { readonly type: 'cancelled'; readonly runId: string }
  | { readonly type: 'error'; readonly runId: string; readonly error: { readonly code: string; readonly message: string } }

/** A run in progress. */
export interface ActiveRun {
  readonly id: string
  readonly path: string
  readonly startedAt: string
  readonly progress: { indexedFiles: number; totalFiles: number }
}

interface Run extends ActiveRun {
  readonly controller: AbortController
  readonly done: Promise<void>
}

function summarize(report: IndexReport): IndexRunSummary {
  const { stats } = report
  return {
    root: report.root,
    files: stats.files,
    chunked: stats.chunked,
    added: report.added,
    removed: report.removed,
    failed: report.failed.length,
    totalMs: report.elapsedMs,
  }
}

/**
 * Background index runs, at most one per session, and each session's event channel. A run's
 * progress, completion, cancellation or failure goes to every listener of its session only.
 */
export class IndexRuns {
  readonly #runs = new Map<string, Run>()
  readonly #listeners = new Map<string, Set<(event: SessionEvent) => void>>()

  /** The session's run in progress, if any. */
  active(sessionId: string): ActiveRun | undefined {
    const run = this.#runs.get(sessionId)
    return run && { id: run.id, path: run.path, startedAt: run.startedAt, progress: { ...run.progress } }
  }

  /**
   * Starts indexing `path` (already confined) in the background and returns the run id; with
   * `within` (the confinement's roots), the run checks the path again where it resolves it.
   *
   * @throws RagError `CONFLICT` when the session already has a run in progress.
   */
  start(sessionId: string, rag: RagService, path: string, options: { readonly force?: boolean; readonly within?: readonly string[] } = {}): string {
    if (this.#runs.has(sessionId)) {
      throw new RagError('CONFLICT', `Session "${sessionId}" is already indexing (run ${this.#runs.get(sessionId)?.id}); cancel it or wait for it to finish.`)
    }
    const id = randomUUID()
    const controller = new AbortController()
    const progress = { indexedFiles: 0, totalFiles: 0 }
    const emit = (event: SessionEvent): void => this.#emit(sessionId, event)
    const work = async (): Promise<void> => {
      emit({ type: 'started', runId: id, path })
      try {
        const report = await rag.indexDirectory(
          path,
          (p) => {
            progress.indexedFiles = p.indexedFiles
            progress.totalFiles = p.totalFiles
            emit({ type: 'progress', runId: id, indexedFiles: p.indexedFiles, totalFiles: p.totalFiles, currentFile: p.currentFile })
          },
          { signal: controller.signal, ...(options.force ? { force: true } : {}), ...(options.within ? { within: options.within } : {}) },
        )
        emit({ type: 'done', runId: id, summary: summarize(report) })
      } catch (error) {
        if (error instanceof CancelledError || controller.signal.aborted) emit({ type: 'cancelled', runId: id })
        else emit({ type: 'error', runId: id, error: toHttpError(error).body.error })
      } finally {
        this.#runs.delete(sessionId)
      }
    }
    // Registered before the work starts, so a synchronous throw still finds the entry.
    const run: Run = { id, path, startedAt: new Date().toISOString(), progress, controller, done: Promise.resolve() }
    this.#runs.set(sessionId, run)
    const done = work()
    this.#runs.set(sessionId, { ...run, done })
    return id
  }

  /** Cancels the session's run (optionally only when its id is `runId`); `false` when there was none. */
  cancel(sessionId: string, runId?: string): boolean {
    const run = this.#runs.get(sessionId)
    if (!run || (runId !== undefined && run.id !== runId)) return false
    run.controller.abort()
    return true
  }

  /** Cancels the session's run and waits for it to end. */
  async stop(sessionId: string): Promise<void> {
    const run = this.#runs.get(sessionId)
    if (!run) return
    run.controller.abort()
    await run.done
  }

  /** Cancels every run and waits for them all. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#runs.keys()].map((id) => this.stop(id)))
  }

  /** Subscribes to a session's events; returns the unsubscribe function. */
  subscribe(sessionId: string, listener: (event: SessionEvent) => void): () => void {
    let set = this.#listeners.get(sessionId)
    if (!set) this.#listeners.set(sessionId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.#listeners.get(sessionId) === set) this.#listeners.delete(sessionId)
    }
  }

  /** Listeners of a session (to bound subscriptions). */
  listenerCount(sessionId: string): number {
    return this.#listeners.get(sessionId)?.size ?? 0
  }

  #emit(sessionId: string, event: SessionEvent): void {
    for (const listener of this.#listeners.get(sessionId) ?? []) {
      try {
        listener(event)
      } catch {
        // A listener's failure (a closed socket) must not stop the run or the other listeners.
      }
    }
  }
}
