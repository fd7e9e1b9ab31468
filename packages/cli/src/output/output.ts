import { escapeTerminal } from './escape-terminal.js'

/** Where the CLI writes: anything with `write`, like `process.stdout`. */
export interface Writable {
  write(text: string): unknown
  /** Set on a terminal. */
  readonly isTTY?: boolean
  /** Terminal width, when known. */
  readonly columns?: number
}

/** The CLI's output channels and modes, passed to every command. */
export interface Output {
  /** `--json`: one JSON document (or JSON lines for streams of events) on stdout, nothing else there. */
  readonly json: boolean
  /** `--debug`: stack traces on errors. */
  readonly debug: boolean
  /** Whether stdout is a terminal (not a pipe or a file). */
  readonly terminal: boolean
  /**
   * Writes a line to stdout, with every character a terminal could act on (ESC, CR, C1 controls,
   * bidi overrides) shown as an escape: corpus text can never drive the terminal. Line feeds are
   * kept; escape one-line fields (paths, symbols) with `escapeTerminal` before, so that a newline
   * in a file name cannot split a line.
   */
  line(text?: string): void
  /** Writes text to stdout exactly as it is, without a newline (`rag prompt`'s prompt, an escaped answer). */
  write(text: string): void
  /** Writes a JSON value as one line to stdout. */
  emit(value: unknown): void
  /** Writes a line to stderr (warnings, notes, progress lines), escaped as `line` is. */
  note(text: string): void
  /** The stderr stream, for progress bars. */
  readonly stderr: Writable
}

/** Builds an {@link Output} over two streams. */
export function createOutput(stdout: Writable, stderr: Writable, { json, debug }: { json: boolean; debug: boolean }): Output {
  return {
    json,
    debug,
    terminal: stdout.isTTY === true,
    stderr,
    line: (text = '') => void stdout.write(`${escapeTerminal(text, { keepLineFeeds: true })}\n`),
    write: (text) => void stdout.write(text),
    emit: (value) => void stdout.write(`${JSON.stringify(value)}\n`),
    note: (text) => void stderr.write(`${escapeTerminal(text, { keepLineFeeds: true })}\n`),
  }
}
