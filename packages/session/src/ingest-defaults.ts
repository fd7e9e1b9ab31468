/**
 * The directory names `@rag/ingest` skips by default (`node_modules`, `dist`, `.git`, ...), for a
 * file watcher that should ignore what indexing ignores. Loads `@rag/ingest` on first use.
 */
export async function defaultSkipDirectories(): Promise<readonly string[]> {
  return (await import('@rag/ingest')).DEFAULT_SKIP_DIRECTORIES
}
