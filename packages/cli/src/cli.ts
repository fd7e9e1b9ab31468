#!/usr/bin/env node
import { compilesGrammars } from './compiles-grammars.js'
import { applyIndexingV8Flags } from './indexing-v8-flags.js'
import { runCli } from './run-cli.js'

const argv = process.argv.slice(2)

// Commands that may chunk code tune V8 for it (see INDEXING_V8_FLAGS: baseline code for the
// tree-sitter grammars, later tier-up for JavaScript). No grammar is compiled before this line runs
// (grammars load lazily), and V8 flags are process-wide, so worker threads get them too. Only
// commands that may chunk load `node:v8` and web-tree-sitter for it (`compilesGrammars`): a
// one-shot `rag search` does not.
if (compilesGrammars(argv)) await applyIndexingV8Flags()

// URI filenames let @rag/store-sqlite open an index in a read-only directory as `immutable`, so
// `search` and `status` still work there (better-sqlite3 reads this when its first database opens).
process.env['SQLITE_USE_URI'] ??= '1'

// The `rag` binary: wires signals to the command's abort signal and exits with its code.
const controller = new AbortController()
let stops = 0
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second Ctrl+C does not wait for the command to wind down.
    if (++stops > 1) process.exit(130)
    controller.abort()
  })
}

runCli(argv, { signal: controller.signal }).then((code) => {
  // Exit as soon as the output is flushed.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
})
