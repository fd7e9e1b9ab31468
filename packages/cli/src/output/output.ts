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
  /** Writes a line to stdout. */
  line(text?: string): void
  /** Writes text to stdout as it is, without a newline (a streamed answer). */
  write(text: string): void
  /** Writes a JSON value as one line to stdout. */
  emit(value: unknown): void
  /** Writes a line to stderr (warnings, notes, progress lines). */
  note(text: string): void
  /** The stderr stream, for progress bars. */
  readonly stderr: Writable
}

/** Builds an {@link Output} over two streams. */
export function createOutput(stdout: Writable, stderr: Writable, { json, debug }: { json: boolean; debug: boolean }): Output {
  return {
    json,
    debug,
    stderr,
    line: (text = '') => void stdout.write(`${text}\n`),
    write: (text) => void stdout.write(text),
    emit: (value) => void stdout.write(`${JSON.stringify(value)}\n`),
    note: (text) => void stderr.write(`${text}\n`),
  }
}
