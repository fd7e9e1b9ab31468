/** Progress of an index run, as the seed's `indexDirectory(path, onProgress)` reports it. */
export interface IndexProgress {
  /** Files finished so far (read, chunked or reused). */
  readonly indexedFiles: number
  /** Files admitted for this run. */
  readonly totalFiles: number
  /** The file just finished, relative to the root with `/` separators. */
  readonly currentFile: string
}

/** Receives progress events; must not throw (errors it throws are ignored). */
export type ProgressListener = (progress: IndexProgress) => void
