import type { EntrypointKind, ImportedName } from '@rag/core'
import type { Arg } from './args.js'
import type { TypedDeclaration } from './lexical/typed-declarations.js'

/** A decorator, annotation or attribute on a definition: `@app.get('/x')`, `@GetMapping("/x")`, `#[get("/x")]`. */
export interface DecoratorFact {
  /** The callee as written, without `@`, `#[` or arguments: `app.get`, `GetMapping`, `click.command`. */
  readonly name: string
  /** The arguments, parsed; empty when there are none. */
  readonly args: readonly Arg[]
  /** The decorator's text, whitespace collapsed. */
  readonly text: string
  /** 0-based row. */
  readonly row: number
}

/** One definition found at a declaration scope, before it becomes a `SymbolRecord`. */
export interface SymbolFact {
  readonly id: string
  readonly name: string
  readonly qname: string
  readonly kind: string
  /** Offsets of the definition (decorators and `export` included), for finding what encloses a call. */
  start: number
  readonly end: number
  /** 0-based rows of the same span. */
  startRow: number
  readonly endRow: number
  readonly parent: SymbolFact | undefined
  /** The declaration without its body (see `signatureOf`). */
  readonly signature: string
  /** Visibility as the language defines it; set late for `export { a }` and `__all__`. */
  exported: boolean | undefined
  readonly decorators: readonly DecoratorFact[]
  /** Whether it is a test by a marker of its own (`#[test]`, `@Test`, `[Fact]`, inside `#[cfg(test)]`). */
  readonly testMarker: boolean
}

/** One import as written. */
export interface ImportFact {
  /** The module as written: `./store.js`, `os.path`, `..pkg.mod`, `crate::a::b`, `github.com/x/y`. */
  readonly specifier: string
  readonly names: readonly ImportedName[]
  readonly row: number
  readonly endRow: number
  readonly offset: number
}

/** One call site. Arguments and the assigned name are read lazily: only entrypoint detectors need them. */
export interface CallFact {
  /** The callee's own name: `get` of `app.get(...)`, `HandleFunc` of `http.HandleFunc(...)`. */
  readonly name: string
  /**
   * What is left of the name, as written, trimmed of the joining `.`, `::`, `->`, `?.` and
   * whitespace (its last 300 characters at most): `app`, `http`, `Router::new()`, or `''`.
   */
  readonly receiver: string
  /** The receiver when it is a plain (dotted) name (`pkg`, `this`, `os.path`), `super` for Python's `super()`; `?` for an expression (`f().g()`); `''` for none. */
  readonly simpleReceiver: string
  /** 0-based row of the callee's name (in a chain, the line of this link). */
  readonly row: number
  /** Offset of the call's start: its receiver's, else its name's. */
  readonly offset: number
  /** Offset of the call's `(` (where its arguments start). */
  readonly open: number
  /** Parsed arguments. */
  args(): readonly Arg[]
  /** The call's text, whitespace collapsed, at most 200 characters. */
  text(): string
  /** The variable the call's value is assigned to (`v1 := r.Group("/v1")` gives `v1`), if any. */
  assignedTo(): string | undefined
  /** Offset just past the call's closing parenthesis (past its opening one when it has none). */
  end(): number
  /** `true` for a decorator's call (`@app.route("/")`, `@Injectable()`): a dependency, but no statement a detector reads. */
  readonly decorator?: boolean
}

/** A composite literal or struct-like constructor: Go `&cobra.Command{Use: "serve"}`. */
export interface LiteralFact {
  /** The type as written: `cobra.Command`. */
  readonly type: string
  readonly args: readonly Arg[]
  readonly row: number
  readonly offset: number
  readonly text: string
}

/** An entrypoint a family recognises on its own (Python's `if __name__ == '__main__':`, Go's `func main`). */
export interface EntrypointDraft {
  readonly kind: EntrypointKind
  readonly framework: string
  readonly method: string
  readonly route: string
  readonly handler: string
  readonly row: number
  readonly endRow?: number
  readonly offset: number
  readonly text: string
  /** The declaring symbol, when the detector knows it better than the offset does. */
  readonly declaring?: SymbolFact
  /** For an HTTP route: the router object it is registered on, when a plain name (`router`, `app`, `bp`); for a typer command: its Typer app. */
  readonly router?: string
  /** For a NestJS route: the API versions declared on it or its controller (`'1'`, `'1,2'`). */
  readonly version?: string
}

/** A router of another file mounted under a path: `app.use('/api', routes)`, `app.include_router(items.router, prefix='/items')`. */
export interface MountFact {
  /** The mounted router as written: `routes`, `items.router`. */
  readonly target: string
  /** The mount path after the prefix the mounting router has in this file; `{expr}` for a computed part. */
  readonly prefix: string
  /** The router mounted on, as this file names it, or `''` for an expression. */
  readonly router: string
  readonly row: number
  readonly offset: number
  /** The type of the value a mounted router is a member of: `NewX()` of Go's `NewX(db).Routes()` (target `?.Routes`), `todosResource` of `rs.Routes()` after `rs := todosResource{}`. */
  readonly receiverType?: string
  /**
   * A global prefix of one framework's routes (target `*`): NestJS's `app.setGlobalPrefix('api')`;
   * or one of `GLOBAL_ROUTE_FACTS` (`@rag/core`): NestJS's URI versioning, Fastify's autoloader.
   */
  readonly framework?: string
  /** The mount path replaces the mounted router's own prefix (Flask's `register_blueprint(bp, url_prefix='/x')`). */
  readonly replacesOwnPrefix?: boolean
}

/** A heritage clause: `class A extends B implements C`. */
export interface HeritageFact {
  readonly kind: 'extends' | 'implements'
  /** The type as written, generics dropped: `B`, `pkg.Base`. */
  readonly target: string
  readonly symbol: SymbolFact
  readonly row: number
}

/** Everything one file's extraction found; detectors and record builders read it. */
export interface FileFacts {
  readonly path: string
  readonly language: string
  readonly text: string
  /** The text with comments and string contents blanked (same offsets); the text itself where no scan needed it. */
  readonly masked: string
  readonly symbols: readonly SymbolFact[]
  readonly imports: readonly ImportFact[]
  /** The call statements and expressions detectors read (decorators' calls are not among them). */
  readonly calls: readonly CallFact[]
  /** The calls of decorators (`@click.option(...)`): dependencies like other calls, kept apart from `calls`. */
  readonly decoratorCalls?: readonly CallFact[]
  readonly literals: readonly LiteralFact[]
  readonly heritage: readonly HeritageFact[]
  readonly drafts: readonly EntrypointDraft[]
  /** The declared package or namespace, if any. */
  readonly packageName: string
  /** The name of the module's default export (`export default class Ajv {}`), if any. */
  readonly defaultExport?: string
  /** The family's test of a name bound inside the code (`LayerFamily.bindsLocally`), if it has one. */
  readonly bindsLocally?: (masked: string, name: string) => boolean
  /** The family's reader of names declared with a class type or a call's value (`LayerFamily.typedDeclarations`), if it has one. */
  readonly typedDeclarations?: (masked: string, text: string) => TypedDeclaration[]
}
