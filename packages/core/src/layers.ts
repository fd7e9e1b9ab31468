/**
 * The typed code layers of seed 003: C1 symbols, C2 dependency edges and C3 entrypoints. Plain,
 * JSON-serialisable data: a chunker produces them per file (from the parse it already does), a
 * resolver links them across files, and a store keeps them beside the chunks of the same
 * generation. C0 (source chunks) is `Chunk`.
 */

/** The layer names of seed 003 that the toolkit produces for code. */
export type CodeLayerName = 'C1_SYMBOL_CATALOG' | 'C2_DEPENDENCY_GRAPH' | 'C3_ENTRYPOINTS'

/** What every layer record has (seed 003's common fields). */
export interface LayerRecordBase {
  /** Which layer the record belongs to. */
  readonly layer: CodeLayerName
  /**
   * Stable id, unique within one index: it depends only on the file's path and the record's own
   * identity (a symbol's qualified name, an edge's target, a route), never on line numbers.
   */
  readonly id: string
  /** Path of the source file, relative to the indexed root, `/` separators. */
  readonly path: string
  /** A short human-readable label, e.g. `class FileStore`, `imports ./store.js`, `GET /orders`. */
  readonly title: string
  /** Language id of the source, e.g. `typescript`, `python` (the chunks' `language`). */
  readonly language: string
  /** First line of the record's span, 1-based, inclusive. */
  readonly startLine: number
  /** Last line of the record's span, 1-based, inclusive. */
  readonly endLine: number
  /** The record comes from test code: a test file (by path or test-framework markers) or a test symbol. */
  readonly isTest: boolean
  /** Repository or project the file belongs to; set when the index is committed. */
  readonly repoId?: string
  /** Commit of the indexed checkout, when the root is a git checkout; set when the index is committed. */
  readonly commitSha?: string
}

/**
 * Kinds a symbol may have: one of {@link SYMBOL_KINDS} from the built-in chunker, or a custom
 * layered chunker's own.
 */
export type SymbolKind = string

/**
 * The kinds the built-in layered chunker gives symbols: the chunker's kinds (`function`, `method`,
 * `class`, `interface`, `type`, `enum`, `struct`, `union`, `trait`, `impl`, `module`,
 * `namespace`, `record`, `object`, `property`, `macro`) plus `constant` (also enum members) and
 * `variable` for module-level values.
 */
export const SYMBOL_KINDS: readonly SymbolKind[] = Object.freeze([
  'function',
  'method',
  'class',
  'interface',
  'type',
  'enum',
  'struct',
  'union',
  'trait',
  'impl',
  'module',
  'namespace',
  'record',
  'object',
  'property',
  'macro',
  'constant',
  'variable',
])

/** C1: one definition in the symbol catalog. */
export interface SymbolRecord extends LayerRecordBase {
  readonly layer: 'C1_SYMBOL_CATALOG'
  /** The symbol's own name, e.g. `read`. */
  readonly name: string
  /** Qualified name within its file, scopes joined with `.`, e.g. `FileStore.read` (the chunks' `qname`). */
  readonly qname: string
  /** What it is: {@link SymbolKind}. */
  readonly kind: SymbolKind
  /** The declaration without its body, at most 300 characters, e.g. `async read(path: string): Promise<Buffer>`. */
  readonly signature: string
  /** Id of the enclosing symbol (the class of a method), or `''` at the top of the file. */
  readonly parentId: string
  /**
   * The module or package the symbol lives in: the declared package where the language has one
   * (Go `package`, Java `package`, C# and PHP namespaces), else derived from the path
   * (`pkg.sub.mod` for Python, the path without its extension for TypeScript).
   */
  readonly module: string
  /**
   * Visible outside its module where the language says so: `export` (TypeScript), a capital
   * letter (Go), `pub` (Rust), `public` (Java, C#, PHP members), no leading `_` or a listing in
   * `__all__` (Python). Absent where the language has no such notion.
   */
  readonly exported?: boolean
  /**
   * Of a Python class: the instance attributes its methods give a class type, each with the class
   * as the class's file writes it (`self.current = Token(...)` gives `{ current: 'Token' }`;
   * `self.app = app` of `app: Flask`, `{ app: 'Flask' }`). Attributes are no definitions of the
   * catalog; resolution reads them to type chains of attributes (`self.stream.current.test()`).
   */
  readonly attributes?: Readonly<Record<string, string>>
  /**
   * Of a Python function or method without a return annotation: the class each of its `return`
   * statements gives an instance of, when they all give one of the same class (`return
   * CliRunner()`, or `return app` of `app = Flask(__name__)`), as the file writes it; for a pytest
   * fixture (`@pytest.fixture`), what it provides, by its `yield` statements too (`yield
   * Client(app)`), or the call of a method on a name whose value it provides, as written with `()`
   * (`return app.test_client()` gives `app.test_client()`). What resolution types a call's value and
   * a test's fixture parameter with where no annotation says.
   */
  readonly returns?: string
  /**
   * Of a Python function: its decorators as written, without their arguments, outermost first
   * (`click.group`, `app.task`, `functools.lru_cache`). What a package's decorator makes of the
   * function replaces it: resolution reads a call on it (`cli.command()`, `add.delay()`) as the
   * package's.
   */
  readonly decorators?: readonly string[]
}

/**
 * What a dependency edge says. `mounts`: the file mounts a router defined elsewhere under a path
 * (`app.use('/api', routes)`, `app.include_router(items.router, prefix='/items')`), so that
 * router's routes start with that path. `routes`: an entrypoint (a route, a command, a job)
 * whose handler is known, from where it is declared to the handler (its `target` is the
 * entrypoint's title, `GET /api/users`); made by dependency queries from the entrypoints, never
 * extracted, resolved or stored as an edge.
 */
export type EdgeKind = 'imports' | 'calls' | 'extends' | 'implements' | 'mounts' | 'routes'

/**
 * How far an edge's target was resolved:
 * - `resolved`: to an indexed file (and symbol where the edge names one) by the language's rules;
 * - `by-name`: only by a name shared by `candidates` definitions in the index;
 * - `external`: to a package outside the indexed root (the standard library, a dependency);
 * - `unresolved`: looks internal (a relative import, a call) but matches nothing indexed.
 */
export type EdgeResolution = 'resolved' | 'by-name' | 'external' | 'unresolved'

/** One name an import brings in. */
export interface ImportedName {
  /** The name in the target module; `*` for a namespace or wildcard import, `default` for a default import. */
  readonly name: string
  /** The local name when it differs (`import { a as b }`, `import x.y as z`). */
  readonly alias?: string
}

/** C2 as extracted from one file, before cross-file resolution. */
export interface RawEdge extends LayerRecordBase {
  readonly layer: 'C2_DEPENDENCY_GRAPH'
  readonly kind: EdgeKind
  /** Id of the symbol the edge starts from, or `''` for the file itself (module-level code). */
  readonly sourceSymbolId: string
  /** Qualified name of that symbol, or `''`. */
  readonly sourceQname: string
  /**
   * The target as written: an import specifier (`./store.js`, `os.path`, `crate::a::b`), a callee
   * or a type name.
   */
  readonly target: string
  /**
   * For a call or a qualified type: what is left of the name when it is a plain name (`pkg` in
   * `pkg.Run()`, `this`, `self`, `os.path`), or `?` when it is an expression (`load().run()`).
   */
  readonly receiver?: string
  /** For an import: the names it brings in; empty for a side-effect import (`import './polyfill'`). */
  readonly names?: readonly ImportedName[]
  /** For calls: how many call sites of this target the source symbol has (one edge per symbol and callee). */
  readonly count?: number
  /**
   * For a call without a receiver: the callee is a name the file binds inside its code (a nested
   * function, a local variable, a parameter; `true` only when the file has no top-level definition
   * or import of it, or when the calling definition declares the name again before the call:
   * `const parse = _parse(err)` then `parse(x)`), so it calls nothing else of the index. For a
   * call on a receiver (Rust, Go): the receiver is a local the calling function declares before the
   * call under the name of an import or top-level definition (`let theme = theme()` then
   * `theme.len()`), so it is not that import or definition.
   */
  readonly local?: boolean
  /**
   * For a call on a receiver the code around it declares with a class type (TypeScript's
   * `const index = new InvertedIndex()`, a field `readonly #db: Database`, Python's
   * `self.session = Session()`): that type as written; or, for a receiver holding what a call
   * returns (`const index = await openIndex()`), the callee as written followed by `()`; or, for
   * a loop variable over what a call returns (`for param in self.get_params(ctx)`), the callee
   * followed by `()[]`; or a property read in TypeScript's notation (`typeof context.output`,
   * `RouteContext['runs'][number]`: see `propertyRead`); or, for a Rust call on a call's value,
   * the chain of calls before it, each link's arguments dropped (`Command::new().about()` for the
   * `arg` of `Command::new("git").about("x").arg(a)`; `Command::about()` when the chain starts on
   * a name of type `Command`); likewise for a Java or C# call on a call's value, a `new` written
   * `T::new()` (`ToStringBuilder::new().append()` for the last `append` of `new
   * ToStringBuilder(this).append("a", a).append("b", b)`), and for a C# `var` holding an awaited
   * chain, `await ` before it (`await _repository.GetAsync()`).
   */
  readonly receiverType?: string
  /**
   * For `mounts`: the path the target router is mounted under, after the prefix its mounting
   * router has in this file (`''` for none). A path this file computes is written `{expr}`
   * (`{settings.API_V1_STR}`).
   */
  readonly prefix?: string
  /**
   * For `mounts`: the router it is mounted on, as this file names it (`app`, `api_router`), or `''`
   * for an expression. A router mounted on itself is its own prefix (Flask's `Blueprint(url_prefix=)`),
   * for the routes other files declare on it.
   */
  readonly router?: string
  /**
   * For a `mounts` edge of every route of one framework in this file's directory and below (target
   * `*`): that framework. NestJS's `app.setGlobalPrefix('api')` in `src/main.ts` prefixes every
   * NestJS route under `src/`. `*` for a server's root path, before every framework's own prefix
   * (Spring Boot's `server.servlet.context-path` in a module's `application.properties`).
   */
  readonly framework?: string
  /**
   * For `mounts`: `true` when the path replaces the target router's own prefix instead of going
   * before it: Flask's `app.register_blueprint(bp, url_prefix='/api/auth')` serves a blueprint
   * made with `url_prefix='/auth'` at `/api/auth/...`, not `/api/auth/auth/...`.
   */
  readonly replacesOwnPrefix?: boolean
}

/** C2: one edge of the dependency graph, with its resolution. */
export interface EdgeRecord extends RawEdge {
  readonly resolution: EdgeResolution
  /** The file the target resolved to, or `''`. */
  readonly targetPath: string
  /** The symbol the target resolved to (or the only candidate of a `by-name` edge), or `''`. */
  readonly targetSymbolId: string
  /**
   * How many definitions match: 1 when resolved, the candidate count when `by-name` (for a call of
   * a method of the language's own types on a receiver of unknown type, `items.push()`, the
   * runtime's method counts as one more), else 0.
   */
  readonly candidates: number
}

/**
 * What an entrypoint is: an HTTP route, a CLI command, a program's `main`, a job run on a schedule
 * (`@Scheduled(cron = ...)`, `cron.schedule(...)`), or a job run from a queue when something
 * enqueues it (a Celery task, a BullMQ worker).
 */
export type EntrypointKind = 'http-route' | 'cli-command' | 'main' | 'scheduled' | 'job'

/** Every {@link EntrypointKind}, in the order surfaces list them. */
export const ENTRYPOINT_KINDS: readonly EntrypointKind[] = Object.freeze(['http-route', 'cli-command', 'main', 'scheduled', 'job'])

/** C3: one way into the program. */
export interface EntrypointRecord extends LayerRecordBase {
  readonly layer: 'C3_ENTRYPOINTS'
  readonly kind: EntrypointKind
  /** The framework that declares it, e.g. `express`, `fastapi`, `spring`, `click`, `cobra`; the language for `main`. */
  readonly framework: string
  /** HTTP method in upper case, `*` for any method; `''` for non-HTTP entrypoints. */
  readonly method: string
  /**
   * The route path (`/orders/:id`), the command name (`serve`), the schedule (`0 * * * *`), or `''`
   * for `main`. An HTTP route's path is whole: with the prefixes of the routers it is mounted on,
   * in its own file and in others (see {@link declaredRoute}).
   */
  readonly route: string
  /** For an HTTP route under a router mounted in another file: the path as its own file declares it. */
  readonly declaredRoute?: string
  /**
   * For an HTTP route of a class-based view its file routes for any method (`*`: Django's
   * `path('users/', UserView.as_view())`), given one route per method the class answers: `*`.
   */
  readonly declaredMethod?: string
  /**
   * For an HTTP route: the router object it is registered on, as its file names it (`router`, `app`,
   * `bp`), when a plain name; for a typer command: the Typer app it is declared on or added to.
   */
  readonly router?: string
  /**
   * For a NestJS route: the API versions its controller or handler declares (`'1'`, `'1,2'`), which
   * become its path's `/v1` where the app turns URI versioning on (`enableVersioning`); an empty
   * item is `VERSION_NEUTRAL` (`''`, `'2,'`): served without a version too. A route that declares
   * none takes the app's `defaultVersion`.
   */
  readonly version?: string
  /** The handler as written (`createOrder`, `OrdersController.create`), `''` when inline or unknown. */
  readonly handler: string
  /**
   * Id of the handler symbol when it is known, else `''`. A handler that is a whole module has the
   * id `path#` (its file, the empty qualified name): a view component a route table loads
   * (`component: () => import('@/views/login/index')`, `lazy: () => import('./routes/settings')`)
   * or imports (`import HomeView from './views/HomeView.vue'`), which defines nothing it could name.
   */
  readonly handlerSymbolId: string
  /** Id of the symbol whose code declares the entrypoint, `''` at the top of the file. */
  readonly declaringSymbolId: string
  /** The declaring decorator, call or line, whitespace collapsed, at most 200 characters. */
  readonly text: string
}

/** Any record of a code layer. */
export type LayerRecord = SymbolRecord | EdgeRecord | EntrypointRecord
