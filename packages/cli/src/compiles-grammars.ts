/** Commands that never chunk code, so never compile a tree-sitter grammar. */
const READ_ONLY_COMMANDS = new Set(['search', 'prompt', 'ask', 'status', 'symbols', 'deps', 'routes', 'plan', 'config', 'docs', 'clear'])

/** Global options that take a value (`--root <dir>`). */
const VALUE_OPTIONS = new Set(['--root'])

/**
 * Whether the `rag` command in `argv` (the arguments after the script) may chunk code, and so
 * compile tree-sitter grammars: `index`, `watch`, `serve`, `mcp`, `migrate`, and anything not
 * known to be read-only. The binary tunes V8 for grammar compilation only then: loading
 * `node:v8` costs a one-shot `rag search` time it does not need.
 *
 * @example
 * compilesGrammars(['--root', '/repo', 'search', 'x']) // false
 * compilesGrammars(['index', '.']) // true
 */
export function compilesGrammars(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') return true
    if (VALUE_OPTIONS.has(arg)) {
      i++
      continue
    }
    if (arg.startsWith('-')) continue
    return !READ_ONLY_COMMANDS.has(arg)
  }
  // `rag`, `rag --help`, `rag --version`: nothing runs.
  return false
}
