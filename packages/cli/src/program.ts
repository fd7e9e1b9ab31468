import { ENTRYPOINT_KINDS } from '@rag/core'
import { Command, InvalidArgumentError as CommanderArgumentError, Option } from 'commander'
import type * as Commands from './commands/all-commands.js'
import type { CommandContext } from './commands/context.js'
import { HTTP_METHODS, OTHER_HTTP_METHODS } from './commands/http-methods.js'
import { EMBEDDER_CHOICES } from './config/embedder-choices.js'
import type { Output, Writable } from './output/output.js'

// The commands' modules (and with them @rag/session and the store) are imported when an action
// runs, not here: `rag --version`, `rag --help` and a parse error load commander alone. The
// servers, the PostgreSQL store and the MCP SDK are imported inside the commands that use them.
const commands = (): Promise<typeof Commands> => import('./commands/all-commands.js')

/** Global options of every command. */
export interface GlobalOptions {
  /** Every `--root` given: other commands use the last; `serve` and `mcp` allow them all. */
  readonly root?: string[]
  readonly json?: boolean
  readonly debug?: boolean
  /** `false` with `--no-wait`. */
  readonly wait?: boolean
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new CommanderArgumentError('expected a positive integer.')
  }
  return Number(value)
}

function port(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > 65_535) throw new CommanderArgumentError('expected a port from 0 to 65535.')
  return Number(value)
}

function httpMethod(value: string): string {
  const upper = value.trim().toUpperCase()
  if (upper !== '*' && !(HTTP_METHODS as readonly string[]).includes(upper) && !OTHER_HTTP_METHODS.has(upper)) {
    throw new CommanderArgumentError(`expected one of ${HTTP_METHODS.join(', ')}, or another registered method (TRACE, CONNECT, PURGE, PROPFIND, ...).`)
  }
  return upper
}

const EDGE_KINDS = ['imports', 'calls', 'extends', 'implements', 'mounts', 'routes']

function edgeKinds(value: string, previous: string[] = []): string[] {
  if (!EDGE_KINDS.includes(value)) throw new CommanderArgumentError(`expected one of ${EDGE_KINDS.join(', ')}.`)
  return [...previous, value]
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter((s) => s !== '')]
}

function append(value: string, previous: string[] = []): string[] {
  return [...previous, value]
}

/** What the program needs from its host: output, working directory, environment and a stop signal. */
export interface ProgramHost {
  readonly output: Output
  readonly stdout: Writable
  readonly stderr: Writable
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly signal: AbortSignal
  /** Receives the exit code of the command that ran. */
  setExitCode(code: number): void
}

/**
 * Builds the `rag` commander program. Parsing errors throw (exitOverride); each action stores its
 * exit code through `host.setExitCode`.
 */
export function buildProgram(host: ProgramHost, version: string): Command {
  const program = new Command('rag')
  const context = (command: Command): CommandContext => {
    const globals = command.optsWithGlobals<GlobalOptions>()
    return { output: host.output, cwd: host.cwd, env: host.env, root: globals.root?.at(-1), signal: host.signal, wait: globals.wait !== false }
  }
  const run = (work: (command: Command) => Promise<number>) =>
    async function (this: Command): Promise<void> {
      host.setExitCode(await work(this))
    }

  // Before any subcommand is added: subcommands copy these settings when they are created.
  program.exitOverride()
  program.configureOutput({
    writeOut: (text) => void host.stdout.write(text),
    writeErr: (text) => void host.stderr.write(text),
    // Commander reports parse errors itself; keep them on one line.
    outputError: (text, write) => write(`${text.replace(/\s*\n\s*/g, ' ').trim()}\n`),
  })
  program
    .description('Index a repository and search it: hybrid-ready BM25 code retrieval with an embedded SQLite index in <root>/.rag/.')
    .version(version, '-V, --version')
    .option('--root <dir>', 'the indexed root (default: the nearest directory with .rag/ at or above the current one); serve and mcp: an allowed root (repeatable)', append)
    .option('--json', 'machine-readable output on stdout (JSON; JSON lines for progress and watch)')
    .option('--debug', 'print stack traces of errors')
    .option('--no-wait', 'when another process is writing the index, fail at once instead of waiting for it')
    .showSuggestionAfterError(true)

  program
    .command('index [dir]')
    .description('index a directory, or update its index: only changed files are read and chunked')
    .option('--force', 're-read and re-chunk every file')
    .option('--verify', 'check the whole index against the tree (every chunk, every file read and hashed) and repair what disagrees')
    .option('--layers', 'also extract code layers (symbols, dependencies, routes) for rag symbols/deps/routes (config index.layers)')
    .option('--no-layers', 'index without code layers (drops the ones the index holds)')
    .addOption(
      new Option('--embedder <kind>', 'vectors fused with the lexical streams (config embedder.kind; default: what the index was built with, else none)').choices([...EMBEDDER_CHOICES]),
    )
    .action(run(async (command) => (await commands()).indexCommand(context(command), command.args[0], command.opts())))

  // Code layers (issue 12): symbols, dependencies, entrypoints; the index must be built with --layers.
  program
    .command('symbols <name>')
    .description('where symbols are defined: a name, qualified name (Class.method, also Class::method or Class#method) or glob (parse*); needs an index built with --layers')
    .option('--kind <kind>', 'only this kind (function, method, class, interface, type, enum, constant, ...)')
    .option('--lang <language>', 'only this language (typescript, python, go, ...)')
    .option('--limit <n>', 'most results (default 100)', positiveInteger)
    .option('--no-tests', 'leave out definitions in test code (shown with [test])')
    .action(run(async (command) => (await commands()).symbolsCommand(context(command), command.args[0] as string, command.opts())))
  program
    .command('deps <target>')
    .description('imports and calls of a file, directory (package) or symbol, or with --reverse its importers and callers; needs an index built with --layers')
    .option('--reverse', 'importers and callers instead')
    .option('--depth <n>', 'how many edges away (default 1)', positiveInteger)
    .option('--kind <kind>', 'only this edge kind: imports, calls, extends, implements, mounts, routes (repeatable)', edgeKinds)
    .option('--recursive', 'for a directory: every file below it, not only the files directly in it (a package)')
    .action(run(async (command) => (await commands()).depsCommand(context(command), command.args[0] as string, command.opts())))
  program
    .command('routes [pattern]')
    .description('entrypoints: HTTP routes, CLI commands, main functions; pattern is a route or command: exact, a glob (/orders/*), or a path a route serves (/orders/42 finds /orders/:id); needs an index built with --layers')
    .option('--method <method>', 'only this HTTP method', httpMethod)
    .addOption(new Option('--kind <kind>', 'only this kind').choices([...ENTRYPOINT_KINDS]))
    .option('--framework <name>', 'only this framework (express, flask, click, cobra, ...)')
    .option('--no-tests', "leave out routes and commands declared in test code (a test's own server; shown with [test])")
    .action(run(async (command) => (await commands()).routesCommand(context(command), command.args[0], command.opts())))

  const searchOptions = (command: Command): Command =>
    command
      .option('-k, --top-k <n>', 'number of results (config search.topK, default 10)', positiveInteger)
      .option('--path <glob>', 'only files matching this glob, or under this directory')
      .option('--lang <languages>', 'only these languages (comma-separated or repeated)', collect)

  searchOptions(program.command('search <query...>').description('search the index: path:start-end, score and a preview per result'))
    .option('--explain', 'show each stream\'s rank and score; with --files, the query\'s plan and each signal\'s contribution')
    .option('--files', 'one line per file, ranked for where a change goes (query routed, tests and docs demoted unless asked for, definitions and file names matched): path, best chunks\' line ranges, score')
    .action(run(async (command) => (await commands()).searchCommand(context(command), command.args, command.opts())))

  searchOptions(program.command('prompt <question...>').description('print the context prompt for an LLM: the question with the best chunks'))
    .addOption(new Option('--format <format>', 'prompt layout (config prompt.format)').choices(['fenced', 'plain']))
    .option('--max-tokens <n>', 'token budget of the prompt (config prompt.maxTokens)', positiveInteger)
    .action(run(async (command) => (await commands()).promptCommand(context(command), command.args, command.opts())))

  program
    .command('ask <question...>')
    .description('answer a question about the indexed code with an OpenAI-compatible model (a local Ollama by default), streamed, citing path:start-end')
    .option('--prompt-only', 'print what would be sent to the model (the fenced context and question) and call none')
    .option('--ungrounded', 'ask the model even when the index has nothing for the question (otherwise a notice, exit 1)')
    .option('--model <name>', 'the model to ask (config chat.model)')
    .option('--base-url <url>', 'the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (config chat.baseUrl)')
    .option('--context-tokens <n>', 'token budget of the retrieved context (config chat.contextTokens, default 3000)', positiveInteger)
    .action(run(async (command) => (await commands()).askCommand(context(command), command.args, command.opts())))

  program
    .command('status')
    .description('files, chunks, last index time and whether an index run is in progress')
    .action(run(async (command) => (await commands()).statusCommand(context(command))))

  program
    .command('plan [dir]')
    .description('dry run: files per directory and format, and every skipped path with its reason (ignore file, line and rule)')
    .option('--explain <path>', 'say for one path whether it would be indexed, and which rule or skip decided')
    .action(run(async (command) => (await commands()).planCommand(context(command), command.args[0], command.opts())))

  program
    .command('watch [dir]')
    .description('index, then re-index changed files as they change (until Ctrl+C)')
    .action(run(async (command) => (await commands()).watchCommand(context(command), command.args[0])))

  const docs = program.command('docs').description('documents of your own, searched with the code')
  docs
    .command('add [file]')
    .description('add a file, stdin ("-") or --text as a document; prints its id')
    .option('--text <text>', 'the document text')
    .option('--meta <key=value>', 'metadata (repeatable)', append)
    .action(run(async (command) => (await commands()).docsAddCommand(context(command), command.args[0], command.opts())))
  docs
    .command('list')
    .description('list added documents')
    .action(run(async (command) => (await commands()).docsListCommand(context(command))))
  docs
    .command('rm <id...>')
    .description('remove added documents')
    .action(run(async (command) => (await commands()).docsRemoveCommand(context(command), command.args)))

  program
    .command('clear')
    .description('empty the index (an unreadable index file is deleted)')
    .action(run(async (command) => (await commands()).clearCommand(context(command))))

  const roots = (command: Command): string[] => command.optsWithGlobals<GlobalOptions>().root ?? []
  program
    .command('serve')
    .description('serve the per-session HTTP + WebSocket API (loopback by default; indexing confined to --root directories)')
    .option('--host <host>', 'interface to bind; a non-loopback host needs a token (default 127.0.0.1)')
    .option('--port <n>', 'port (default 7411; 0 picks a free one)', port)
    .option('--token <token>', 'bearer token clients must send (default: RAG_TOKEN)')
    .option('--max-sessions <n>', 'most live sessions; when full, a new session gets 429 and no live one is dropped (default 16)', positiveInteger)
    .option('--session-idle-minutes <n>', 'a session unused this long is evicted, freeing its place (default 30)', positiveInteger)
    .option('--requests-per-minute <n>', 'most requests per client address and minute; more get 429 (default 1200)', positiveInteger)
    .action(
      run(async (command) =>
        (await commands()).serveCommand(context(command), {
          ...command.opts<{ host?: string; port?: number; token?: string; maxSessions?: number; sessionIdleMinutes?: number; requestsPerMinute?: number }>(),
          roots: roots(command),
        }),
      ),
    )

  program
    .command('mcp')
    .description('run the MCP server over stdio for coding agents (index_directory, search_code, build_context, get_status)')
    .action(run(async (command) => (await commands()).mcpCommand(context(command), roots(command))))

  program
    .command('migrate')
    .description('bring the schema of the PostgreSQL database of store.url up to date (every command also does it on connect)')
    .action(run(async (command) => (await commands()).migrateCommand(context(command))))

  program
    .command('config')
    .description('print the effective configuration and where each value came from')
    .action(run(async (command) => (await commands()).configCommand(context(command))))

  return program
}
