/**
 * Runs a benchmark of the indexing pipeline under the V8 flags `rag index` sets
 * (`INDEXING_V8_FLAGS` of `@rag/cli`), unless `--v8 default` is on the command line: then under
 * V8's defaults, as a library user's process would be.
 */
import { setFlagsFromString } from 'node:v8'
import { INDEXING_V8_FLAGS } from '@rag/cli'

/**
 * Sets the flags (process-wide, so the chunking workers get them too) and returns a label for the
 * report. Call it before anything is indexed.
 */
export function applyIndexingFlags(argv: readonly string[] = process.argv): string {
  const at = argv.indexOf('--v8')
  if (at >= 0 && argv[at + 1] === 'default') return "V8 defaults (`--v8 default`)"
  for (const flag of INDEXING_V8_FLAGS) setFlagsFromString(flag)
  return `V8 flags of \`rag index\` (${INDEXING_V8_FLAGS.join(' ')})`
}
