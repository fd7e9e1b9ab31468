/**
 * The directory names `@rag/ingest` skips by default (`node_modules`, `dist`, `.git`, ...), for a
 * file watcher that should ignore what indexing ignores. Loads `@rag/ingest` on first use.
 */
export async function defaultSkipDirectories(): Promise<readonly string[]> {
  return (await import('@rag/ingest')).DEFAULT_SKIP_DIRECTORIES
}

/**
 * The names of the ignore files `@rag/ingest` reads in every directory (`.gitignore`, `.tnsignore`),
 * for a file watcher: a change to one changes what is indexed, whatever its own rules say of it.
 * Loads `@rag/ingest` on first use.
 */
export async function ignoreFileNames(): Promise<readonly string[]> {
  return (await import('@rag/ingest')).IGNORE_FILE_NAMES
}
