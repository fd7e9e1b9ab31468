/**
 * Runs a benchmark of the indexing pipeline under the V8 flags `rag index` sets
 * (`applyIndexingV8Flags` of `@rag/cli`), unless `--v8 default` is on the command line: then under
 * V8's defaults, as a library user's process would be.
 */
import { INDEXING_V8_FLAGS, applyIndexingV8Flags } from '@rag/cli'

/**
 * Sets the flags (process-wide, so the chunking workers get them too) the way `rag` does, and
 * returns a label for the report. Call it before anything is indexed.
 */
export async function applyIndexingFlags(argv: readonly string[] = process.argv): Promise<string> {
  const at = argv.indexOf('--v8')
  if (at >= 0 && argv[at + 1] === 'default') return "V8 defaults (`--v8 default`)"
  await applyIndexingV8Flags()
  return `V8 flags of \`rag index\` (${INDEXING_V8_FLAGS.join(' ')}, WebAssembly baseline-only after web-tree-sitter's runtime loads)`
}
