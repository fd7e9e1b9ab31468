import { loadedModule, type EntrypointRecord, type FileLayers, type RawEdge, type SymbolRecord } from '@rag/core'
import type { EntrypointDraft, FileFacts, MountFact, SymbolFact } from './facts.js'
import { calledReceiverType, calledReceiverTypeAt } from './lexical/called-receiver.js'
import { classAttributes } from './lexical/class-attributes.js'
import { receiverTypeFinder } from './lexical/declared-receivers.js'
import { literalReceiverType, mayBeLiteral } from './lexical/literal-receivers.js'
import { goCalledReceiverType, goFieldOfCallType, goLiteralReceiverType } from './lexical/go-called-receivers.js'
import { localReceiverDeclaration, redeclaration } from './lexical/local-bindings.js'
import { jvmCallChains } from './lexical/jvm-call-chains.js'
import { pythonReturns } from './lexical/python-returns.js'
import { rustCallChains } from './lexical/rust-call-chains.js'

/**
 * Languages whose receivers may read properties of typed names (`index.rag.clear()`):
 * TypeScript's, whose properties are symbols, Python's, whose classes' records list their
 * attributes' types, and Go's, whose fields of another package's value (`w.Body.String()` of
 * `w := httptest.NewRecorder()`) are that package's.
 */
const READS_PROPERTIES = new Set(['typescript', 'tsx', 'python', 'go'])
/** Languages whose class records list their instance attributes' types (`SymbolRecord.attributes`). */
const LISTS_ATTRIBUTES = new Set(['python'])
/**
 * Languages whose calls on a call's value (`Parser(...).parse()`, Go's `engine().Handle()`) are
 * typed by what the callee returns, read from the receiver as written (Go's with a typed name's
 * type in the name's place: `go-called-receivers.ts`).
 */
const TYPES_CALLED_RECEIVERS = new Set(['python', 'go'])
/**
 * Languages whose calls on a call's value (`innerFrom(source).subscribe()`, `new Observable(init).pipe()`)
 * are typed by what the callee returns or the class `new` builds, read from the code before the call.
 */
const TYPES_CALLED_RECEIVERS_AT = new Set(['javascript', 'typescript', 'tsx'])
/** Languages whose calls on a call's value are typed link by link through each method's declared return type (`jvm-call-chains.ts`). */
const DECLARED_RETURN_CHAINS = new Set(['java', 'csharp'])

/** A plain name: what a Go local copies when it copies a package-level variable (`b := Form`). */
const GO_VALUE = /^[A-Za-z_]\w*$/
/**
 * Go: a copy of a name the file does not declare copies a package-level variable of another file
 * of the package, written `typeof Form` for resolution to type by that variable's declaration.
 */
const goPackageValue = (name: string): string | undefined => (GO_VALUE.test(name) ? `typeof ${name}` : undefined)

/** The receiver type finder of a file (`receiverTypeFinder`), and the attributes of its classes where the language lists them. */
interface ReceiverTypes {
  readonly typeAt: ((receiver: string, offset: number) => string | undefined) | undefined
  readonly attributes: ReadonlyMap<SymbolFact, Record<string, string>>
}

function receiverTypes(facts: FileFacts, file: FileContext): ReceiverTypes {
  if (!facts.typedDeclarations) return { typeAt: undefined, attributes: new Map() }
  const declarations = facts.typedDeclarations(facts.masked, facts.text)
  const typeAt = receiverTypeFinder(declarations, file.enclosing, basesIn(facts), READS_PROPERTIES.has(file.language), file.language === 'go' ? goPackageValue : undefined)
  return { typeAt, attributes: LISTS_ATTRIBUTES.has(file.language) ? classAttributes(declarations, file.enclosing, typeAt) : new Map() }
}

/** What every record of one file shares. */
interface FileContext {
  readonly path: string
  readonly language: string
  readonly module: string
  readonly isTest: boolean
  readonly enclosing: (offset: number) => SymbolFact | undefined
}

/** Gives `base`, then `base~2`, `base~3`, ... for repeats within one file. */
function idAllocator(): (base: string) => string {
  const seen = new Map<string, number>()
  return (base) => {
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count > 1 ? `${base}~${count}` : base
  }
}

function isTestSymbol(symbol: SymbolFact | undefined): boolean {
  for (let s = symbol; s; s = s.parent) if (s.testMarker) return true
  return false
}

/** A record while it is built: optional fields are set after the others, so they come last. */
type Building<T> = { -readonly [K in keyof T]: T[K] }

function symbolRecords(facts: FileFacts, file: FileContext, exportsKnown: boolean, types: ReceiverTypes): SymbolRecord[] {
  const { attributes } = types
  const returns = file.language === 'python' ? pythonReturns(facts.symbols, facts.masked, types.typeAt) : undefined
  return facts.symbols.map((symbol) => {
    const record: Building<SymbolRecord> = {
      layer: 'C1_SYMBOL_CATALOG',
      id: symbol.id,
      path: file.path,
      title: `${symbol.kind} ${symbol.qname}`,
      language: file.language,
      startLine: symbol.startRow + 1,
      endLine: symbol.endRow + 1,
      isTest: file.isTest || isTestSymbol(symbol),
      name: symbol.name,
      qname: symbol.qname,
      kind: symbol.kind,
      signature: symbol.signature,
      parentId: symbol.parent?.id ?? '',
      module: file.module,
    }
    if (exportsKnown && symbol.exported !== undefined) record.exported = symbol.exported
    const held = attributes.get(symbol)
    if (held !== undefined) record.attributes = held
    const given = returns?.get(symbol)
    if (given !== undefined) record.returns = given
    if (file.language === 'python' && symbol.kind === 'function' && symbol.decorators.length > 0) record.decorators = symbol.decorators.map((decorator) => decorator.name)
    return record
  })
}

/** An edge with its common fields and `kind`, `target`, `title`; the caller adds the optional ones after. */
function edge(file: FileContext, id: string, source: SymbolFact | undefined, row: number, endRow: number, kind: RawEdge['kind'], target: string, title: string): Building<RawEdge> {
  return {
    layer: 'C2_DEPENDENCY_GRAPH',
    id,
    path: file.path,
    language: file.language,
    startLine: row + 1,
    endLine: endRow + 1,
    isTest: file.isTest || isTestSymbol(source),
    sourceSymbolId: source?.id ?? '',
    sourceQname: source?.qname ?? '',
    kind,
    target,
    title,
  }
}

/**
 * The names a file binds at its top: its top-level definitions and the names its imports bind
 * (Go's: the import path's last element, `user` of "example.com/app/user").
 */
function fileBoundNames(facts: FileFacts): Set<string> {
  const bound = new Set<string>()
  for (const symbol of facts.symbols) if (symbol.parent === undefined) bound.add(symbol.name)
  for (const fact of facts.imports) {
    for (const { name, alias } of fact.names) bound.add(alias ?? name)
    if (facts.language === 'go') bound.add(fact.specifier.slice(fact.specifier.lastIndexOf('/') + 1))
  }
  return bound
}

/**
 * Whether a bare callee is a name the file binds inside its code and neither defines at its top
 * level nor imports (see `RawEdge.local`), or one the calling definition declares again before the
 * call (`const parse = _parse(err)` inside it shadows the file's `parse`); always `false` for a
 * language without `bindsLocally`.
 */
function localCallee(facts: FileFacts): (name: string, source: SymbolFact | undefined, offset: number) => boolean {
  const { bindsLocally } = facts
  if (bindsLocally === undefined) return () => false
  const bound = fileBoundNames(facts)
  const answers = new Map<string, boolean>()
  const redeclarations = new Map<string, ReturnType<typeof redeclaration>>()
  return (name, source, offset) => {
    if (bound.has(name)) {
      if (source === undefined) return false
      // The definition's own name (`const parse = (x) => parse(x.next)`) is no redeclaration: read after it.
      const from = source.name === name ? facts.masked.indexOf(name, source.start) + name.length : source.start
      let redeclares = redeclarations.get(name)
      if (redeclares === undefined) redeclarations.set(name, (redeclares = redeclaration(name)))
      return redeclares(source.signature, facts.masked, from, offset)
    }
    let answer = answers.get(name)
    if (answer === undefined) answers.set(name, (answer = bindsLocally(facts.masked, name)))
    return answer
  }
}

/**
 * Whether a call's receiver is a local the calling Rust or Go function declares before the call
 * (`let theme = theme()`, `for _, user := range users`) under the name of an import or a top-level
 * definition of the file, which it shadows (see `RawEdge.local`); always `false` elsewhere.
 */
function shadowedReceiver(facts: FileFacts): (receiver: string, source: SymbolFact | undefined, offset: number) => boolean {
  if (facts.language !== 'rust' && facts.language !== 'go') return () => false
  const bound = fileBoundNames(facts)
  const tests = new Map<string, ReturnType<typeof localReceiverDeclaration>>()
  return (receiver, source, offset) => {
    if (source === undefined || !bound.has(receiver)) return false
    let declares = tests.get(receiver)
    if (!tests.has(receiver)) tests.set(receiver, (declares = localReceiverDeclaration(facts.language, receiver)))
    return declares?.(source.signature, facts.masked, source.start, offset) ?? false
  }
}

/** The classes of a file that each of its classes extends (by the base's last name). */
function basesIn(facts: FileFacts): (cls: SymbolFact) => readonly SymbolFact[] {
  const bases = new Map<SymbolFact, SymbolFact[]>()
  for (const { kind, target, symbol } of facts.heritage) {
    const name = target.slice(target.lastIndexOf('.') + 1)
    const base = kind === 'extends' ? facts.symbols.find((s) => s.name === name && s.parent === undefined && s !== symbol) : undefined
    if (base) bases.set(symbol, [...(bases.get(symbol) ?? []), base])
  }
  return (cls) => bases.get(cls) ?? []
}

function edgeRecords(facts: FileFacts, mounts: readonly MountFact[], file: FileContext, receiverType: ReceiverTypes['typeAt']): RawEdge[] {
  const nextId = idAllocator()
  const edges: RawEdge[] = []
  const at = (source: SymbolFact | undefined): string => (source ? `@${source.qname}` : '')
  for (const fact of facts.imports) {
    const source = file.enclosing(fact.offset)
    const id = nextId(`${file.path}>imports:${fact.specifier}${at(source)}`)
    const record = edge(file, id, source, fact.row, fact.endRow, 'imports', fact.specifier, `imports ${fact.specifier}`)
    record.names = fact.names
    edges.push(record)
  }
  for (const fact of facts.heritage) {
    const id = nextId(`${file.path}>${fact.kind}:${fact.target}${at(fact.symbol)}`)
    const dot = Math.max(fact.target.lastIndexOf('.'), fact.target.lastIndexOf(':'), fact.target.lastIndexOf('\\'))
    const receiver = dot > 0 ? fact.target.slice(0, fact.target[dot] === ':' ? dot - 1 : dot) : ''
    const target = dot > 0 ? fact.target.slice(dot + 1) : fact.target
    const record = edge(file, id, fact.symbol, fact.row, fact.row, fact.kind, target, `${fact.kind} ${fact.target}`)
    if (receiver) record.receiver = receiver
    edges.push(record)
  }
  for (const mount of mounts) {
    const source = file.enclosing(mount.offset)
    // `require('./api')` is one target; `items.router` is `router` on `items`.
    const dot = loadedModule(mount.target) !== undefined ? -1 : mount.target.lastIndexOf('.')
    const id = nextId(`${file.path}>mounts:${mount.target}${at(source)}`)
    const record = edge(file, id, source, mount.row, mount.row, 'mounts', mount.target.slice(dot + 1), `mounts ${mount.target}`)
    if (dot > 0) record.receiver = mount.target.slice(0, dot)
    if (mount.receiverType !== undefined) record.receiverType = mount.receiverType
    record.prefix = mount.prefix
    record.router = mount.router
    if (mount.framework !== undefined) record.framework = mount.framework
    if (mount.replacesOwnPrefix === true) record.replacesOwnPrefix = true
    edges.push(record)
  }
  // One edge per calling symbol, receiver and callee, counting its call sites.
  type CallSite = { source: SymbolFact | undefined; receiver: string; name: string; row: number; offset: number; count: number; type: string | undefined; shadow: boolean }
  const bySource = new Map<SymbolFact | undefined, Map<string, CallSite>>()
  const sites: CallSite[] = []
  // Rust's builder chains (`Command::new("git").about("x").arg(a)`), Java's and C#'s (`new B(this).append("a", a).build()`): typed link by link, as the chain is written.
  const typeOf = (name: string, offset: number): string | undefined => receiverType?.(name, offset)
  const chains = file.language === 'rust' ? rustCallChains(facts.masked, typeOf) : DECLARED_RETURN_CHAINS.has(file.language) ? jvmCallChains(facts.masked, typeOf) : undefined
  const shadowed = shadowedReceiver(facts)
  for (const call of facts.decoratorCalls ? [...facts.calls, ...facts.decoratorCalls] : facts.calls) {
    const source = file.enclosing(call.offset)
    const receiver = call.simpleReceiver
    let calls = bySource.get(source)
    if (!calls) bySource.set(source, (calls = new Map()))
    // `Parser(self, source).parse()`: typed by what the callee returns, one edge per such type; `', '.join(names)` by the literal's class.
    const type =
      receiver !== '?'
        ? undefined
        : file.language === 'go'
          ? (goCalledReceiverType(calledReceiverType(call.receiver) ?? goLiteralReceiverType(call.receiver), (name) => receiverType?.(name, call.offset)) ??
            goFieldOfCallType(call.receiver, (name) => receiverType?.(name, call.offset)))
          : (TYPES_CALLED_RECEIVERS.has(file.language)
              ? calledReceiverType(call.receiver)
              : TYPES_CALLED_RECEIVERS_AT.has(file.language)
                ? calledReceiverTypeAt(facts.masked, facts.masked.lastIndexOf(call.name, call.open))
                : chains?.at(facts.masked.lastIndexOf(call.name, call.open))) ??
            (mayBeLiteral(facts.text, facts.masked, call.offset) ? literalReceiverType(file.language, call.receiver) : undefined)
    // (A receiver the function declares itself, `let theme = theme()`, is another receiver than the import `theme`.)
    const shadow = receiver !== '' && receiver !== '?' && shadowed(receiver, source, call.offset)
    const key = receiver ? `${receiver}.${call.name}${type === undefined ? '' : ` ${type}`}${shadow ? ' local' : ''}` : call.name
    const entry = calls.get(key)
    if (entry) entry.count++
    else {
      const site = { source, receiver, name: call.name, row: call.row, offset: call.offset, count: 1, type, shadow }
      calls.set(key, site)
      sites.push(site)
    }
  }
  const local = localCallee(facts)
  for (const { source, receiver, name, row, offset, count, type: called, shadow } of sites) {
    const written = receiver ? `${receiver}.${name}` : name
    const id = nextId(`${file.path}>calls:${written}${at(source)}`)
    const record = edge(file, id, source, row, row, 'calls', name, `calls ${written}`)
    record.count = count
    if (receiver) {
      record.receiver = receiver
      // (Go: a local holding a method's value of another typed local, `sess, err := store.Get(c)`, with that local's type in its place.)
      const declared = called === undefined ? receiverType?.(receiver, offset) : undefined
      const type = called ?? (file.language === 'go' ? goCalledReceiverType(declared, (name) => receiverType?.(name, offset)) : declared)
      if (type !== undefined) record.receiverType = type
      if (shadow) record.local = true
    } else if (local(name, source, offset)) record.local = true
    edges.push(record)
  }
  return edges
}

function entrypointTitle(draft: EntrypointDraft): string {
  if (draft.kind === 'http-route') return `${draft.method} ${draft.route}`
  if (draft.kind === 'cli-command') return `command ${draft.route}`
  if (draft.kind === 'scheduled') return `scheduled ${draft.route}`
  if (draft.kind === 'job') return `job ${draft.route}`
  return `main ${draft.handler}`.trim()
}

function entrypointRecords(drafts: readonly EntrypointDraft[], facts: FileFacts, file: FileContext): EntrypointRecord[] {
  if (drafts.length === 0) return []
  const nextId = idAllocator()
  const byQname = new Map<string, SymbolFact[]>()
  const byName = new Map<string, SymbolFact[]>()
  const add = (map: Map<string, SymbolFact[]>, key: string, symbol: SymbolFact): void => {
    const list = map.get(key)
    if (list) list.push(symbol)
    else map.set(key, [symbol])
  }
  for (const symbol of facts.symbols) {
    add(byQname, symbol.qname, symbol)
    add(byName, symbol.name, symbol)
  }
  return drafts.map((draft) => {
    const declaring = draft.declaring ?? file.enclosing(draft.offset)
    const overloads = draft.handler ? byQname.get(draft.handler) : undefined
    const named = draft.handler && overloads === undefined ? byName.get(draft.handler) : undefined
    // Overloads of one qualified name (ASP.NET's `[HttpGet] MyAccount()` and `[HttpPost] MyAccount(model)`):
    // the one the route's attribute sits on, else the next one after it.
    const handler = overloads
      ? overloads.length === 1
        ? overloads[0]
        : (overloads.find((symbol) => symbol.start <= draft.offset && draft.offset < symbol.end) ?? overloads.find((symbol) => symbol.start >= draft.offset) ?? overloads.at(-1))
      : named?.length === 1
        ? named[0]
        : undefined
    const label = draft.kind === 'main' ? draft.handler : `${draft.method} ${draft.route}`.trim()
    return {
      layer: 'C3_ENTRYPOINTS',
      id: nextId(`${file.path}!${draft.kind}:${label}`),
      path: file.path,
      title: entrypointTitle(draft),
      language: file.language,
      startLine: draft.row + 1,
      endLine: (draft.endRow ?? draft.row) + 1,
      isTest: file.isTest || isTestSymbol(declaring),
      kind: draft.kind,
      framework: draft.framework,
      method: draft.method,
      route: draft.route,
      handler: draft.handler,
      handlerSymbolId: handler?.id ?? '',
      declaringSymbolId: declaring?.id ?? '',
      text: draft.text,
      ...(draft.router !== undefined ? { router: draft.router } : {}),
      ...(draft.version !== undefined ? { version: draft.version } : {}),
    }
  })
}

/** Turns one file's facts into its layer records. */
export function fileRecords(
  facts: FileFacts,
  drafts: readonly EntrypointDraft[],
  mounts: readonly MountFact[],
  file: FileContext,
  exportsKnown: boolean,
): Pick<FileLayers, 'symbols' | 'edges' | 'entrypoints'> {
  const types = receiverTypes(facts, file)
  return { symbols: symbolRecords(facts, file, exportsKnown, types), edges: edgeRecords(facts, mounts, file, types.typeAt), entrypoints: entrypointRecords(drafts, facts, file) }
}
