import { describe, expect, it } from 'vitest'
import type { SymbolFact } from '../facts.js'
import { receiverTypeFinder } from './declared-receivers.js'
import { typedDeclarations, type TypedDeclaration } from './typed-declarations.js'
import { maskCode } from './mask-code.js'
import { pythonTypedDeclarations, withQuotedTypes } from './python-declarations.js'
import { PYTHON_SYNTAX } from './syntaxes.js'

describe('typedDeclarations', () => {
  it('reads locals and fields annotated with a class type, made by `new` or holding a call\'s value, the annotation first', () => {
    const code = [
      'class Stream {',
      '  readonly #index = new InvertedIndex<Doc>()',
      '  private store?: Store',
      '  cache: Base = new Derived()',
      '  count = 0',
      '  run() {',
      '    const c = new Cache()',
      '    let db: Database.Database',
      '    const n: number = 1',
      '    const pool = await new Pool()',
      '    const index = await openIndex(root)',
      '    const built = this.build()',
      '    const items: readonly Item[] = []',
      '    const observers: Observer<T>[] = []',
      '    const repo: Repository<User> = open()',
      '    const now = new Date().getTime()',
      '    const rows = db.prepare(sql).all()',
      '    const text = readFileSync(p)',
      '      .toString()',
      '    const pool2 = new Pool({',
      '      max: 2,',
      '    })',
      '    const map = new Map<string, Row>()',
      '    for (const call of scanCalls(text)) call.args()',
      '  }',
      '}',
      'export const detector = { detect(context: DetectContext, n: number) {}, each: (item: Item, { a }: Props) => item.save() }',
      'function scan(calls: readonly CallFact[], rows: ReadonlyArray<Row>) {',
      '  for (const call of calls) call.args()',
      '  for (const row of this.rows) row.end()',
      '  const index = this.#index',
      '  const first = rows[0]',
      '  const copy = calls.slice()',
      '  const { output, signal: aborted, ...rest } = context',
      '  const { layers } = this.#init',
      '  const dirent = entry.dirent',
      '  const runner = options.rowRunner ?? SERIAL_ROWS',
      '  for (const fact of facts.calls) fact.end()',
      '  const found = calls.find((call) => call.args())',
      '  facts.calls.filter(async c => c.end())',
      '}',
      'function register(app: App, { sessions, runs = [] }: RouteContext) {}',
      "function fill(kb: Pick<KnowledgeBase, 'list'>, options: Partial<Options>, items: Readonly<Item>[]) {}",
      'const check = async (store: Store) => store.commit()',
      'let either: Left | Right = pick()',
      'let parent: Node<T> | null = null',
      'var app = module.exports = express()',
      'const same = a == b()',
      'let windows = [new Subject<T>()];',
      'const pair = [new Item(a), new Item(b)]',
      'const mixed = [new Item(a), new Other(b)]',
      'const more = [new Item(a)].concat(rest)',
    ].join('\n')
    const shown = ({ name, type, element, iterates, copies, offset }: TypedDeclaration): string =>
      `${name}: ${type}${element ? `[${element}]` : ''}${iterates ? ` in ${iterates}` : ''}${copies ? ` = ${copies}` : ''} @${code.slice(offset, offset + name.length) === name}`
    expect(typedDeclarations(code).map(shown)).toEqual([
      '#index: InvertedIndex @true',
      'store: Store @true',
      'cache: Base @true',
      'c: Cache @true',
      'db: Database.Database @true',
      'pool: Pool @true',
      'index: openIndex() @true',
      'built: this.build() @true',
      // An array is no `Item`: its elements are.
      'items: [Item] @true',
      'observers: [Observer] @true',
      'repo: Repository @true',
      // A value that goes on past the call is not what the call built or returned (`now`, `rows`, `text`).
      'pool2: Pool @true',
      'map: Map @true',
      'call: scanCalls()[] @true',
      // Parameters of an object literal's method and of an arrow function.
      'context: DetectContext @true',
      'item: Item @true',
      // A destructured parameter: its names are the properties of the type.
      "a: Props['a'] @true",
      'calls: [CallFact] @true',
      'rows: [Row] @true',
      // A loop over a name or a field, typed by the finder from that one's elements.
      'call:  in calls @true',
      'row:  in this.rows @true',
      // A copy of a field, typed by the finder like the field; an element read or a call is no copy.
      'index:  = this.#index @true',
      'copy: calls.slice() @true',
      // Names destructured from a value, a copy of a value's property, a loop over one: resolution reads the property's declaration.
      'output: typeof context.output @true',
      'aborted: typeof context.signal @true',
      'layers: typeof this.#init.layers @true',
      'dirent: typeof entry.dirent @true',
      // A fallback after `??` leaves the copy of the value before it.
      'runner: typeof options.rowRunner @true',
      'fact: typeof facts.calls[number] @true',
      // An array method's callback: its first parameter is an element.
      'found: calls.find() @true',
      'call:  in calls @true',
      'c: typeof facts.calls[number] @true',
      'app: App @true',
      "sessions: RouteContext['sessions'] @true",
      "runs: RouteContext['runs'] @true",
      // Utility types that keep the members: the type inside (an array of them is no such type).
      'kb: KnowledgeBase @true',
      'options: Options @true',
      // An async arrow function's parameter: `async (` is no call.
      'store: Store @true',
      // One class of a union types nothing (`either`); `| null` leaves the class.
      'parent: Node @true',
      // Another target of the same assignment before the value (CommonJS); a comparison is none.
      'app: express() @true',
      // An array literal of `new` of one class, as the whole value: its elements are of that class.
      'windows: [Subject] @true',
      'pair: [Item] @true',
    ])
  })

  it('types a TypeScript receiver through a loop over a parameter, a field or a copy, and a copy of a field', () => {
    const code = [
      'class Stream {',
      '  readonly #index = new InvertedIndex()',
      '  readonly #rows: Row[] = []',
      '  run(calls: readonly CallFact[]) {',
      '    for (const call of calls) call.args()',
      '    const index = this.#index',
      '    index.commit()',
      '    const rows = this.#rows',
      '    for (const row of rows) row.end()',
      '    const found = scanCalls(text)',
      '    for (const hit of found) hit.args()',
      '    const again = index',
      '    again.stage()',
      '    const store = this.store',
      '    store.save()',
      '    for (const job of this.#jobs) job.run()',
      '    const { output } = context',
      '    for (const o of output) o.x()',
      '    const { facts } = context',
      '    for (const c of facts.calls) c.args()',
      '    const { calls: all } = context.facts',
      '    for (const e of all) e.end()',
      '    const made = openIndex()',
      '    made.rag.clear()',
      '    index.parts.first()',
      '    this.#init.vectors.clear()',
      '    unknown.a.b()',
      '    const filled = async (settings: { a?: A }): Promise<Subject> => make(settings)',
      '    const subject = await filled({})',
      '    subject.search()',
      '    const plain = function (value: Value): Other { return value }',
      '    const other = plain(x)',
      '    other.run()',
      '  }',
      '  more(file: FileFacts) {',
      '    for (const d of file.calls) d.end()',
      '    this.#rows.forEach((row, i) => row.end())',
      '  }',
      '}',
    ].join('\n')
    const symbols = [
      { kind: 'class', name: 'Stream', start: 0, end: code.length, signature: 'class Stream {' },
      { kind: 'method', name: 'run', start: code.indexOf('  run('), end: code.indexOf('  more('), signature: 'run(calls: readonly CallFact[])' },
      { kind: 'method', name: 'more', start: code.indexOf('  more('), end: code.length - 2, signature: 'more(file: FileFacts)' },
    ]
    const [owner, run, more] = symbols.map((s) => ({ ...s, id: s.name, qname: s.name, startRow: 0, endRow: 0, parent: undefined }) as unknown as SymbolFact)
    for (const method of [run, more]) Object.assign(method as object, { parent: owner })
    const enclosing = (offset: number): SymbolFact | undefined => [run, more, owner].find((s) => s!.start <= offset && offset < s!.end)
    const typeAt = receiverTypeFinder(typedDeclarations(code), enclosing)
    expect(typeAt('call', code.indexOf('call.args'))).toBe('CallFact')
    expect(typeAt('index', code.indexOf('index.commit'))).toBe('InvertedIndex')
    expect(typeAt('row', code.indexOf('row.end'))).toBe('Row')
    // The elements of what a call returns, for resolution to read its annotation.
    expect(typeAt('hit', code.indexOf('hit.args'))).toBe('scanCalls()[]')
    expect(typeAt('again', code.indexOf('again.stage'))).toBe('InvertedIndex')
    // Fields the file declares without a type (a constructor's parameter, a base class's): for resolution to read.
    expect(typeAt('store', code.indexOf('store.save'))).toBe('typeof this.store')
    expect(typeAt('job', code.indexOf('job.run'))).toBe('typeof this.#jobs[number]')
    expect(typeAt('o', code.indexOf('o.x'))).toBe('typeof context.output[number]')
    // A property of a name typed here: read through that name's own type.
    expect(typeAt('c', code.indexOf('c.args'))).toBe('typeof context.facts.calls[number]')
    expect(typeAt('d', code.indexOf('d.end'))).toBe("FileFacts['calls'][number]")
    expect(typeAt('row', code.indexOf('row.end'))).toBe('Row')
    // Names destructured from a value's property.
    expect(typeAt('e', code.indexOf('e.end'))).toBe('typeof context.facts.calls[number]')
    // A property of a name declared here, in TypeScript: of the name's type, or of what the call it holds returns.
    const readingAt = receiverTypeFinder(typedDeclarations(code), enclosing, () => [], true)
    expect(readingAt('made.rag', code.indexOf('made.rag'))).toBe("openIndex()['rag']")
    expect(readingAt('index.parts', code.indexOf('index.parts'))).toBe("InvertedIndex['parts']")
    // Chains resolution reads as written (`this`, a parameter), and any chain without `readsProperties`.
    expect(readingAt('this.#init.vectors', code.indexOf('this.#init.vectors'))).toBeUndefined()
    expect(readingAt('unknown.a', code.indexOf('unknown.a'))).toBeUndefined()
    expect(typeAt('made.rag', code.indexOf('made.rag'))).toBeUndefined()
    // What a local function returns, by its annotation; its parameters are typed like any other's.
    expect(typeAt('subject', code.indexOf('subject.search'))).toBe('Subject')
    expect(typeAt('other', code.indexOf('other.run'))).toBe('Other')
    expect(typeAt('value', code.indexOf('return value'))).toBe('Value')
  })

  it("types a React ref's `current` by the type the ref says it holds, in a function and in a class field, and nothing else", () => {
    const code = [
      'function Search() {',
      '  const input = React.useRef<HTMLInputElement | null>(null)',
      '  const editor = useRef<Editor>(null)',
      '  const timer = useRef<ReturnType<typeof setTimeout>>()',
      '  const plain = useRef(null)',
      '  input.current.focus(); editor.current.save(); timer.current.ref(); plain.current.x()',
      '}',
      'class Comments {',
      '  private list = React.createRef<CommentList>()',
      '  show() { this.list.current.scrollTo() }',
      '}',
    ].join('\n')
    const symbols = [
      { kind: 'function', name: 'Search', start: 0, end: code.indexOf('class Comments') },
      { kind: 'class', name: 'Comments', start: code.indexOf('class Comments'), end: code.length },
      { kind: 'method', name: 'show', start: code.indexOf('  show()'), end: code.length - 2 },
    ]
    const [search, comments, show] = symbols.map((s) => ({ ...s, id: s.name, qname: s.name, signature: '', startRow: 0, endRow: 0, parent: undefined }) as unknown as SymbolFact)
    Object.assign(show as object, { parent: comments })
    const enclosing = (offset: number): SymbolFact | undefined => [show, search, comments].find((s) => s!.start <= offset && offset < s!.end)
    const typeAt = receiverTypeFinder(typedDeclarations(code), enclosing, () => [], true)
    expect(typeAt('input.current', code.indexOf('input.current.focus'))).toBe('HTMLInputElement')
    expect(typeAt('editor.current', code.indexOf('editor.current.save'))).toBe('Editor')
    expect(typeAt('this.list.current', code.indexOf('this.list.current'))).toBe('CommentList')
    // A generic type argument is no class; a ref that says nothing types nothing; and before its declaration, nothing.
    expect(typeAt('timer.current', code.indexOf('timer.current.ref'))).toBeUndefined()
    expect(typeAt('plain.current', code.indexOf('plain.current.x'))).not.toBe('HTMLInputElement')
    expect(typeAt('input.current', code.indexOf('const input'))).toBeUndefined()
  })

  it("reads Python's names and self attributes annotated with a class, made by calling one, or holding a call's value", () => {
    const code = [
      'class Client:',
      '    def __init__(self, repo: Repo, types: list[ParamType]):',
      '        self.session = Session()',
      '        self.parser = argparse.ArgumentParser(prog="x")',
      '        self.count = 0',
      '        self.repo = repo',
      '        self.type: types.ParamType = convert(type)',
      '        self.json: t.Optional[JSONProvider] = None',
      '        self.types: cabc.Sequence[ParamType] = types',
      '        self.names: t.List[str] = []',
      '    def run(self, multi):',
      '        cache: Cache = make_cache()',
      '        result = compute()',
      '        token = next(self.stream)',
      '        group = t.cast(Group, multi)',
      '        cmd_name, cmd, args = self.resolve_command(ctx, multi)',
      '        left, right = split(ctx), split(multi)',
      '        for param in self.get_params(ctx):',
      '            pass',
      '        infos = [ty.to_info_dict() for ty in self.types]',
      '        try:',
      '            pass',
      '        except exceptions.ClickException as e:',
      '            e.show()',
    ].join('\n')
    const shown = (d: TypedDeclaration): string =>
      `${d.name}: ${d.type}${d.element ? `[${d.element}]` : ''}${d.parameter ? `=${d.parameter}` : ''}${d.iterates ? ` in ${d.iterates}` : ''}`
    expect(pythonTypedDeclarations(code).map(shown)).toEqual([
      // Parameters, of any function (a nested one is no symbol whose signature resolution reads).
      'repo: Repo',
      'types: [ParamType]',
      'self.session: Session',
      // With its module, which resolution reads as the file imports it.
      'self.parser: argparse.ArgumentParser',
      // A parameter kept: typed by its annotation, which the finder reads in the signature.
      'self.repo: =repo',
      // Optional types unwrapped, containers of a class give their element type.
      'self.type: types.ParamType',
      'self.json: JSONProvider',
      'self.types: [ParamType]',
      'cache: Cache',
      // What a call returns: the callee, for resolution to read its return annotation.
      'result: compute()',
      // `next(x)` calls `x.__next__()`.
      'token: self.stream.__next__()',
      'group: Group',
      // Names unpacked from a call's value: the tuple's element at each one's position.
      'cmd_name: self.resolve_command()[0]',
      'cmd: self.resolve_command()[1]',
      'args: self.resolve_command()[2]',
      // What a call's value yields.
      'param: self.get_params()[]',
      'ty:  in self.types',
      // (A one-line list, here a comprehension: the runtime's `list`.)
      'infos: list',
      'e: exceptions.ClickException',
    ])
  })

  it("reads Python's one-line literals as the runtime's list, dict, set or str, and nothing spanning lines or followed by more", () => {
    const code = ['items = []', 'pairs = [(a, b) for a in x]', 'lookup = {}  # cache', "merged = {**base, 'k': 1}", 'spread = {**base}', 'seen = {1, 2}', 'name = "    "', 'rows = [', '    1,', ']', 'maybe = [] if x else None', ''].join('\n')
    // (The comprehension's `a` is a loop's declaration, left out here.)
    expect(pythonTypedDeclarations(code).filter((d) => d.type !== '').map((d) => `${d.name}: ${d.type}`)).toEqual(['items: list', 'pairs: list', 'lookup: dict', 'merged: dict', 'spread: dict', 'seen: set', 'name: str'])
  })

  it('reads a call of a function named like an Object.prototype member as that call, not a protocol method', () => {
    const code = ['def f(items):', '    made = constructor(items)', '    text = toString(items)', '    it = iter(items)'].join('\n')
    expect(pythonTypedDeclarations(code).map((d) => `${d.name}: ${d.type}`)).toEqual(['made: constructor()', 'text: toString()', 'it: items.__iter__()'])
  })

  it("types a Python receiver through the attribute keeping a parameter, the loop over a container and a base class's attribute", async () => {
    const code = [
      'class Tagger:',
      '    def __init__(self, serializer: Serializer, tags: list[Tag]):',
      '        self.serializer = serializer',
      '        self.tags: list[Tag] = tags',
      '    def run(self, items: list[Item]):',
      '        self.serializer.tag(1)',
      '        for tag in self.tags:',
      '            tag.check()',
      '        for item in items:',
      '            item.save()',
      'class Sub(Tagger):',
      '    def more(self, store):',
      '        self.store = store',
      '        self.store = self.Store()',
      '        self.serializer.dump()',
      '        self.store.save()',
    ].join('\n')
    const symbols = [
      { kind: 'class', name: 'Tagger', start: 0, end: code.length, signature: 'class Tagger:' },
      { kind: 'method', name: '__init__', start: code.indexOf('    def __init__'), end: code.indexOf('    def run'), signature: 'def __init__(self, serializer: Serializer, tags: list[Tag]):' },
      { kind: 'method', name: 'run', start: code.indexOf('    def run'), end: code.indexOf('class Sub'), signature: 'def run(self, items: list[Item]):' },
      { kind: 'class', name: 'Sub', start: code.indexOf('class Sub'), end: code.length, signature: 'class Sub(Tagger):' },
      { kind: 'method', name: 'more', start: code.indexOf('    def more'), end: code.length, signature: 'def more(self, store):' },
    ]
    const [owner, init, run, sub, more] = symbols.map((s) => ({ ...s, id: s.name, qname: s.name, startRow: 0, endRow: 0, parent: undefined }) as unknown as SymbolFact)
    for (const method of [init, run]) Object.assign(method as object, { parent: owner })
    Object.assign(more as object, { parent: sub })
    const enclosing = (offset: number): SymbolFact | undefined => [more, sub, run, init, owner].find((s) => s!.start <= offset && offset < s!.end)
    const typeAt = receiverTypeFinder(pythonTypedDeclarations(code), enclosing, (cls) => (cls === sub ? [owner as SymbolFact] : []))
    expect(typeAt('self.serializer', code.indexOf('self.serializer.tag'))).toBe('Serializer')
    expect(typeAt('tag', code.indexOf('tag.check'))).toBe('Tag')
    expect(typeAt('item', code.indexOf('item.save'))).toBe('Item')
    // An attribute the base class sets.
    expect(typeAt('self.serializer', code.indexOf('self.serializer.dump'))).toBe('Serializer')
    // An unannotated parameter says nothing; a class attribute called (`self.Store()`) is that class.
    expect(typeAt('self.store', code.indexOf('self.store.save'))).toBe('Store')
  })
  it("reads Python's forward references as the annotations they stand for, and no other string; a union types nothing", () => {
    const code = [
      'def parse(self, parser: "Parser", env: \'t.Optional["Environment"]\', items: list["Item"]) -> "Template":',
      '    """Parses: Template."""',
      '    label: "Label | None" = say("Hello world", "Greeting")',
      '    return {"key": "value"}',
      'def run(frame: Frame | _ConsoleFrame, other: Other | None, last: "Last | Frame"):',
    ].join('\n')
    const masked = maskCode(code, PYTHON_SYNTAX)
    const view = withQuotedTypes(masked, code)
    expect(view).toHaveLength(code.length)
    expect(view.split('\n')).toEqual([
      'def parse(self, parser:  Parser , env:  t.Optional[ Environment ] , items: list[ Item ]) ->  Template :',
      `    """${' '.repeat('Parses: Template.'.length)}"""`,
      // After `,`, a string that reads as a type is written back too; no pattern reads it as a declaration.
      '    label:  Label | None  = say("           ",  Greeting )',
      // A dictionary's value follows `:`, but `value` is no class.
      '    return {"   ":  value }',
      // A union in a string is no type to write back.
      'def run(frame: Frame | _ConsoleFrame, other: Other | None, last: "            "):',
    ])
    expect(pythonTypedDeclarations(masked, code).map((d) => `${d.name}: ${d.type}${d.element ? `[${d.element}]` : ''}`)).toEqual([
      'parser: Parser',
      'env: Environment',
      'items: [Item]',
      'label: Label',
      // One class of a union types nothing; `| None` keeps the class.
      'other: Other',
    ])
  })
})
