import { CommanderError } from 'commander'
import packageJson from '../package.json'
import { EXIT } from './exit-codes.js'
import { createOutput, type Writable } from './output/output.js'
import { buildProgram } from './program.js'
import { escapeTerminal } from './output/escape-terminal.js'

/** What {@link runCli} runs against; defaults to the current process. */
export interface CliIo {
  readonly stdout?: Writable
  readonly stderr?: Writable
  readonly env?: NodeJS.ProcessEnv
  readonly cwd?: string
  /** Aborting it stops a running command (the binary wires SIGINT and SIGTERM to it). */
  readonly signal?: AbortSignal
}

/** Exit code of a command stopped by Ctrl+C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130

/**
 * Runs the `rag` command line `argv` (without `node` and the script) and resolves to its exit
 * code: 0 ok, 1 failure, 2 usage error, 130 interrupted. Errors are one line on stderr (with
 * `--json`, also `{"error":{code,message}}` on stdout); `--debug` adds the stack.
 *
 * @example
 * const code = await runCli(['search', 'hybrid retriever', '-k', '5'], { cwd: '/repo' })
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout
  const stderr = io.stderr ?? process.stderr
  // Options end at `--`: everything after it is positional (`rag search -- --json` searches for "--json").
  const end = argv.indexOf('--')
  const options = end === -1 ? argv : argv.slice(0, end)
  const output = createOutput(stdout, stderr, { json: options.includes('--json'), debug: options.includes('--debug') })
  let exitCode: number = EXIT.ok
  const program = buildProgram(
    {
      output,
      stdout,
      stderr,
      cwd: io.cwd ?? process.cwd(),
      env: io.env ?? process.env,
      signal: io.signal ?? new AbortController().signal,
      setExitCode: (code) => (exitCode = code),
    },
    packageJson.version,
  )
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok
      // Commander printed its one line to stderr; with --json the error is on stdout too, as for every other error.
      if (output.json) output.emit({ error: { code: 'INVALID_ARGUMENT', message: error.message.replace(/^error: /, '') } })
      return EXIT.usage
    }
    // Loaded on failure only: the error descriptions need @rag/core and the configuration keys.
    const [{ CancelledError, RagError }, { describeError, exitCodeOf }] = await Promise.all([import('@rag/core'), import('./errors.js')])
    const interrupted = error instanceof CancelledError
    const code = error instanceof RagError ? error.code : 'INTERNAL'
    output.note(`error: ${escapeTerminal(describeError(error))}`)
    if (output.debug && error instanceof Error && error.stack) output.note(error.stack)
    if (output.json) output.emit({ error: { code, message: describeError(error) } })
    return interrupted ? EXIT_INTERRUPTED : exitCodeOf(error)
  }
}
