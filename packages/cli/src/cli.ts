import { runCli } from './run-cli.js'

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

runCli(process.argv.slice(2), { signal: controller.signal }).then((code) => {
  // Exit as soon as the output is flushed: after indexing many languages, V8 can keep a finished
  // process alive for seconds (background compilation of tree-sitter grammars).
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
})
