import { propertyRead, type EdgeRecord, type FileLayers, type RawEdge, type SymbolRecord } from '@rag/core'
import { givesRunnerValue, givesRuntimeValue, isBuiltinReceiver, isClosedRuntimeClass } from './builtins.js'
import { callScope, callsLocalBinding, IMPLICIT_SELF } from './call-reach.js'
import { calleeReceiverType } from './callee-receiver-types.js'
import { decoratedByPackage, shadowedByParameter } from './decorated-functions.js'
import type { Bindings } from './import-bindings.js'
import { CLASS_LIKE, enclosingClass, inheritedMember, Supertypes } from './supertypes.js'
import { filesOf } from './definitions.js'
import type { SymbolIndex } from './symbol-index.js'
import { goPackageType, goReceiverType, goVariableType } from './go-variables.js'
import { goReceiverMethod, packageMember, SHARED_PACKAGE } from './package-members.js'
import { classNamed, hasExtensionMethod, isLibraryType } from './named-types.js'
import { assignedThroughPath } from './object-paths.js'
import { languageFamily } from './language-families.js'
import { isModuleNamed } from './paths.js'
import { declaredChainMember, isDeclaredChain } from './declared-chains.js'
import { rustChainMember, rustDerivedCall, rustMayAddMethod } from './rust-chains.js'
import { libraryClassAttribute } from './library-class-attributes.js'
import { memberOfFixture, pytestFixture } from './pytest-fixtures.js'
import { rubyConstant } from './ruby-constants.js'
import { rustPathMember } from './rust-paths.js'
import { rustCallCandidates } from './rust-receivers.js'
import { isDerivedMethod, isStdValueMethod } from './rust-std-methods.js'
import { isJavaRuntimeCall, isRuntimeMethod } from './runtime-methods.js'
import { memberOfParameterRead, parameterReadOf } from './parameter-types.js'
import { memberOfAttributes } from './python-attributes.js'
import { chainRead, memberOfProperty } from './property-types.js'
import { EXTERNAL, toSymbol, UNRESOLVED, type Resolved } from './resolved.js'
import { typeOfCall } from './returned-type.js'
import { memberBelow } from './self-members.js'
import { vueInstanceMember } from './vue-instance.js'
import { constraintOf } from './type-parameters.js'
import { declaredTypeOf, parameterReturnOf } from './typed-receivers.js'
import { CJS_LANGUAGES, resolveBareName } from './bare-names.js'
import { calledDefinition } from './called-members.js'
import { CALLABLE, callableKinds, memberOfType, memberOfValue, memberOrInherited, throughBinding } from './type-members.js'

/** Languages whose imports bring a library's names in whole (Dart's `import 'x.dart';`, Swift's `import Module`): a type named as a call's receiver may be one of them. */
const WHOLE_LIBRARY_IMPORTS: ReadonlySet<string> = new Set(['dart', 'swift'])
/** Languages where what an imported package's function returns is the package's: JavaScript's and Go's packages. */
const RETURNS_PACKAGE_VALUES: ReadonlySet<string> = new Set([...CJS_LANGUAGES, 'go'])
const TYPES = new Set(['class', 'interface', 'struct', 'trait', 'type', 'enum', 'record', 'union', 'module', 'namespace'])
const SELF = new Set(['this', 'self', 'Self', '$this', 'cls', 'static', '@'])
/** Languages whose chains of calls are typed through each method's declared return type (`declared-chains.ts`). */
const DECLARED_CHAINS: ReadonlySet<string> = new Set(['java', 'csharp'])
/** Rust's standard collections whose values have the standard library's methods (and those of a trait the index implements for them). */
const RUST_COLLECTIONS: ReadonlySet<string> = new Set(['Vec', 'String'])
/** What separates the segments of a qualified receiver (`a.b`, `a::b`, `$a->b`, `A\\B`). */
const SEGMENT_SEPARATOR = /::|\.|->|\\/

/**
 * A callee as written (`openIndex`, `this.build`), resolved as a call of it from where `call` is.
 * With `typedReceiver`, its receiver has the type the file's own call of it has there (for a
 * callback given to `app.get` of `const app = express()`); not for a call's value, whose callee
 * may be typed by that very value (`node = node.parent()`).
 */
function resolveCallee(
  callee: string,
  call: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
  typedReceiver = false,
): Resolved {
  // (Rust's `Command::new` is `new` of `Command`.)
  const dot = Math.max(callee.lastIndexOf('.'), callee.lastIndexOf('::'))
  const { receiverType: _type, local: _local, receiver: _receiver, ...plain } = call
  const receiver = dot < 0 ? undefined : callee.slice(0, dot)
  if (receiver === undefined) return resolveName({ ...plain, target: callee }, file, bindings, index, resolved, supers)
  const target = callee.slice(callee[dot] === ':' ? dot + 2 : dot + 1)
  // (`PerformRequest().Header`, `Joi.string().required`: the method of what the call before it returns.)
  const receiverType = RETURNS_PACKAGE_VALUES.has(file.language) && receiver.endsWith('()') ? receiver : typedReceiver ? calleeReceiverType(file, call.sourceSymbolId, receiver, target) : undefined
  return resolveName({ ...plain, target, receiver, ...(receiverType !== undefined ? { receiverType } : {}) }, file, bindings, index, resolved, supers)
}

/**
 * Whether `owner`, which the receiver of `edge` names, is a function a package's decorator made
 * something else, where no declaration types the receiver and no parameter of its name shadows it
 * (the decorators resolved in the function's own file).
 */
function decoratedReceiver(
  owner: SymbolRecord,
  edge: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
): boolean {
  if (owner.decorators === undefined || edge.receiverType !== undefined || shadowedByParameter(edge.receiver ?? '', edge.sourceSymbolId, index)) return false
  return decoratedByPackage(owner, (decorator, context) => {
    const home = context.path === file.path ? file : index.file(context.path)
    return home ? resolveCallee(decorator, context, home, home === file ? bindings : supers.bindingsOf(home), index, resolved, supers) : UNRESOLVED
  })
}

/** The name a callee starts from: `Joi` of `Joi.string().required`, `request` of `request().get`. */
const rootName = (callee: string): string => /^[^.(]*/.exec(callee)![0]

/**
 * The member `name` of what a call returns (`const index = await openIndex(root)` then
 * `index.close()`): the callee as the file resolves it, the class its signature returns
 * (`returned-type.ts`), read as that callee's file names it. With `elements`, the class of the
 * elements it returns a container of (`for param in self.get_params(ctx)` then `param.x()`); with
 * a number, the class at that position of the tuple it returns (`_, cmd, _ = self.resolve_command()`).
 */
function memberOfReturned(
  callee: string,
  name: string,
  call: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
  elements: boolean | number = false,
): Resolved | undefined {
  // Go's conversion to a type of the package (`w := ResponseWriter(writer)`, `s := Status(1)`): that type.
  if (file.language === 'go' && elements === false && goPackageType(callee, file, index)) return memberOfType(callee, name, file, bindings, index, resolved, supers)
  const found = resolveCallee(callee, call, file, bindings, index, resolved, supers)
  // `const app = Fastify()` then `app.listen()`: what a JavaScript package's function returns is the
  // package's (not a runtime's function, `structuredClone(x)`, nor Python's `copy.copy(self)`); so is
  // what a Go package's does (`w := httptest.NewRecorder()`).
  // (Through a chain of calls, `Joi.string().required().email()`, `request(app).get('/').expect(200)`: the package's at its first link.)
  if (found.resolution === 'external' && RETURNS_PACKAGE_VALUES.has(file.language) && bindings.names.get(rootName(callee))?.status === 'external') return EXTERNAL
  // So is what a Go method of another package's value returns (`PerformRequest().Header()` of a
  // `*httptest.ResponseRecorder`); not a builtin's (`new(node)`).
  if (found.resolution === 'external' && file.language === 'go' && callee.includes('.')) return EXTERNAL
  // `expect(sum(1, 2)).toBe(3)` of a test runner's global `expect`: the runner's assertion;
  // `(await fetch(url)).json()`, `document.querySelector('#x').focus()`: the browser's object.
  if (found.resolution === 'external' && !bindings.names.has(callee.split('.', 1)[0] as string) && (givesRunnerValue(file.language, callee) || givesRuntimeValue(file.language, callee))) return EXTERNAL
  const symbol = found.targetSymbolId ? index.symbol(found.targetSymbolId) : undefined
  // `create()` of a parameter `create: () => Promise<KnowledgeBase>`.
  const given = symbol === undefined && elements === false && call.sourceSymbolId ? parameterReturnOf(callee, call.sourceSymbolId, index) : undefined
  if (given) return memberOfType(given, name, file, bindings, index, resolved, supers)
  const type = symbol === undefined ? undefined : typeOfCall(symbol, elements)
  const home = symbol === undefined ? undefined : index.file(symbol.path)
  if (type === undefined || home === undefined || symbol === undefined) return undefined
  const homeBindings = home === file ? bindings : supers.bindingsOf(home)
  const member = memberOfType(type, name, home, homeBindings, index, resolved, supers)
  if (member) return member
  // A type parameter (`create(): Promise<S>`): its bound where the callee declares it (`class
  // Pool<S extends Store>`), else where the caller does, by the same name (`function
  // contract<S extends Store>(harness: Harness<S>)`: the caller's `S` is the harness's).
  const bound = constraintOf(type, symbol.id, index)
  if (bound) return memberOfType(bound, name, home, homeBindings, index, resolved, supers)
  const callerBound = call.sourceSymbolId ? constraintOf(type, call.sourceSymbolId, index) : undefined
  return callerBound ? memberOfType(callerBound, name, file, bindings, index, resolved, supers) : undefined
}


/**
 * Resolves a call, `extends` or `implements` edge by name: a member of the enclosing class, or one
 * it inherits (through resolved `extends`/`implements` edges, in any file), for `this.x()` /
 * `self.x()` (`super.x()`: inherited only), for a bare `x()` in languages with an implicit `this`
 * (Java, C#, C++, Ruby), and for Go's `c.x()` on the method's receiver `c`; a definition in the same file; a name
 * the file imports (followed through re-exports) or a member of an imported module or class
 * (`pkg.Run()`, `os.path.join()`), or of a class of the same package (Java, C#); a top-level
 * definition of a wildcard import or of the same package (Go, Java, C#). A name of the language's
 * runtime (`len`, `Math.max`: see `builtins.ts`) or a member of an external module is `external`.
 * A bare call the file binds inside its code (`RawEdge.local`; in Python and Go, any bare call not
 * bound above) is `unresolved`. Anything else is every definition in the index with that name that
 * the call can reach (`by-name`, with their count): definitions in languages of the calling file's
 * family only (`languageFamily`: PHP never calls TypeScript), a bare call in a language without an implicit
 * `this` reaches no member of a type, `x.name()` only members (see `NameScope`), and on a
 * receiver of unknown type a method of the language's own types (`items.push()`:
 * `runtime-methods.ts`) counts as one more candidate. `written`: `false` for a name a route or
 * configuration refers to (a handler), which may be any definition of the name.
 */
export function resolveName(
  edge: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes = new Supertypes(index, resolved, new Set(), resolveName),
  written = true,
): Resolved {
  const found = resolveDefinition(edge, file, bindings, index, resolved, supers, written)
  // (Java's, PHP's and Kotlin's calls name methods, never the field of the same name.)
  return edge.kind === 'calls' ? calledDefinition(found, edge.target, file.language, index, supers) : found
}

/** {@link resolveName} before a call's target is checked against what the calling language can call. */
function resolveDefinition(
  edge: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
  written: boolean,
): Resolved {
  const name = edge.target
  const receiver = edge.receiver ?? ''
  // A mounted router (`app.use('/api', routes)`) is a value, like a callee.
  const kinds = edge.kind === 'calls' ? callableKinds(file.language) : edge.kind === 'mounts' ? CALLABLE : TYPES
  if ((SELF.has(receiver) || receiver === 'super') && edge.sourceSymbolId) {
    const owner = enclosingClass(edge.sourceSymbolId, index)
    const qname = `${owner?.qname}.${name}`
    const member = owner && receiver !== 'super' ? (receiver === 'this' ? index.memberByQname(owner.path, qname, true) : index.byQname(owner.path, qname)) : undefined
    if (member) return toSymbol(member)
    const vue = !owner && receiver === 'this' && edge.kind === 'calls' ? vueInstanceMember(name, file, index, kinds) : undefined
    if (vue) return vue
    // `self.validate()` defined in a base class, `super.close()`: what the class inherits.
    const inherited = owner && edge.kind === 'calls' ? inheritedMember(owner, name, kinds, supers) : undefined
    if (inherited) return toSymbol(inherited)
    // `super().load()` of a base the index does not hold: not the class's own `load`, nor any other by
    // name; a library's when the class extends one (`super.onCreate()` of Android's `Activity`).
    if (receiver === 'super' && edge.kind === 'calls' && written) return owner && supers.inheritsExternally(owner) ? EXTERNAL : UNRESOLVED
    // (`cls` is Python's class; elsewhere an ordinary name, Java's `Class<?> cls`.)
    if (owner && edge.kind === 'calls' && written && (receiver === 'this' || receiver === 'self' || (receiver === 'cls' && file.language === 'python'))) {
      const below = memberBelow(owner, name, kinds, supers, file.language)
      if (below) return below
      // `this.View()` in an ASP.NET controller, `self.assertEqual()` in a `unittest.TestCase`: what the class inherits from a library.
      if ((IMPLICIT_SELF.has(file.language) || file.language === 'python') && supers.inheritsExternally(owner)) return EXTERNAL
    }
  }
  if (receiver === '') {
    const bare = resolveBareName(edge, file, bindings, index, resolved, supers, kinds, written)
    if (bare) return bare
  } else if ((!SELF.has(receiver) || (receiver === 'self' && edge.receiverType !== undefined)) && receiver !== 'super') {
    // (`self` outside a class is a parameter like any other: `def visitor(self: "CodeGenerator")`.)
    // Java: `array.getClass()`, `Foo.class.getName()`: the runtime's, whatever the index names so.
    if (file.language === 'java' && edge.kind === 'calls' && written && isJavaRuntimeCall(receiver, name)) return EXTERNAL
    const method = file.language === 'go' && edge.sourceSymbolId ? goReceiverMethod(edge.sourceSymbolId, receiver, name, file, index, (owner) => inheritedMember(owner, name, kinds, supers)) : undefined
    if (method) return toSymbol(method)
    // Rust's `Arg::default()`, `arg.clone()` of a `#[derive(...)]`, `values.map(..)` of an `impl Iterator for ValuesRef` (a type of the index without the method): the standard library's.
    if (file.language === 'rust' && edge.kind === 'calls' && written && (isDerivedMethod(name) || isStdValueMethod(name))) {
      const type = edge.receiverType ?? (edge.sourceSymbolId ? declaredTypeOf(receiver, edge.sourceSymbolId, index) : undefined) ?? receiver
      const derivedOn = classNamed(type, file, bindings, index, resolved)
      if (derivedOn && rustDerivedCall(derivedOn, name, supers)) return EXTERNAL
    }
    // (A receiver the calling function declares itself, `let theme = theme()`, is that local: no import or top-level name of the file.)
    const shadowed = edge.local === true
    const binding = shadowed ? undefined : bindings.names.get(receiver)
    if (binding) {
      const through = throughBinding(binding, name, index, resolved, supers, kinds, (owner) => decoratedReceiver(owner, edge, file, bindings, index, resolved, supers))
      if (through) return through
    }
    // `module::Type::f()`, `pkg.Class.method()`: the first segment is an imported module.
    const first = receiver.search(SEGMENT_SEPARATOR)
    const head = first >= 0 ? bindings.names.get(receiver.slice(0, first)) : undefined
    // Rust: `handlers::health::check()` walks the module tree down to `handlers/health.rs`.
    const inModule = file.language === 'rust' ? rustPathMember(receiver, name, file.path, first >= 0 ? head : binding, index, resolved) : undefined
    if (inModule && kinds.has(inModule.kind)) return toSymbol(inModule)
    // JavaScript's function assigned to a path of objects (`webidl.errors.exception = function () {}`),
    // called through it here or through the imported object elsewhere (`const { webidl } = require('./webidl')`).
    const assigned = first >= 0 && CJS_LANGUAGES.has(file.language) ? assignedThroughPath(receiver, first, name, head, file, index, kinds, (home) => supers.bindingsOf(home)) : undefined
    if (assigned) return toSymbol(assigned)
    // (`nodes.Node.__init__()` of Python's `from . import nodes` too: that binds the module `nodes.py` itself.)
    if (head?.status === 'resolved' && head.path && (head.name === '*' || (file.language === 'python' && isModuleNamed(head.path, head.name)))) {
      const segments = receiver.split(SEGMENT_SEPARATOR)
      const qname = [...segments.slice(1), name].join('.')
      for (const path of filesOf(head.path, index)) {
        const member = index.byQname(path, qname, kinds)
        if (member) return toSymbol(member)
        // `tasks.add.delay()` of a celery task `add` of the module `tasks`: what the package's decorator made of it.
        const owner = segments.length === 2 ? index.topLevel(path, segments[1] as string) : undefined
        if (owner && decoratedReceiver(owner, edge, file, bindings, index, resolved, supers)) return EXTERNAL
      }
    }
    // Python's `BlogPage.objects.live()`: an attribute a model has from its library base (Django's `Model`).
    if (file.language === 'python' && edge.kind === 'calls' && written && first > 0 && libraryClassAttribute(receiver, file, bindings, supers)) return EXTERNAL
    const owner = shadowed ? undefined : index.topLevel(file.path, receiver)
    // (What it inherits too, as for an imported type: `Opt::parse()` of a `#[derive(Parser)]`, `Child.create()` of a base's class method.)
    const member = owner ? (index.memberByQname(file.path, `${owner.qname}.${name}`, false) ?? (CLASS_LIKE.has(owner.kind) ? inheritedMember(owner, name, kinds, supers) : undefined)) : undefined
    if (member) return toSymbol(member)
    // `cli.command()` of `@click.group()` on `def cli()`: what the package's decorator made of the function.
    if (owner && decoratedReceiver(owner, edge, file, bindings, index, resolved, supers)) return EXTERNAL
    // `@worker.task` of `worker = Celery()`, which no call types: a member of the value's class.
    const ofValue = owner && edge.receiverType === undefined && (owner.kind === 'variable' || owner.kind === 'constant') ? memberOfValue(owner, name, index, resolved, supers) : undefined
    if (ofValue) return ofValue
    // Ruby's constants (Rails autoloads them): `Article.recent`, `Publishing::Notifier.new` name the class
    // or module Ruby finds from where the call is written; `new` makes one of the class.
    const constant = !owner && file.language === 'ruby' && edge.kind === 'calls' ? rubyConstant(receiver, edge.sourceQname, index) : undefined
    const ofConstant = constant && (name === 'new' ? constant : (index.memberByQname(constant.path, `${constant.qname}.${name}`, false) ?? inheritedMember(constant, name, kinds, supers)))
    if (ofConstant) return toSymbol(ofConstant)
    // `StringUtils.isBlank()` in `Validate.java`: a class of the same package needs no import (Java, C#).
    // In Go, where a call's receiver is a value, for a mount (`r.Mount("/todos", todosResource{}.Routes())`) and for
    // a receiver no declaration types that names a type of the package: the type the extraction wrote in a typed
    // name's place (`Ctx.Request().Body()` of `ctx Ctx`), with what the type embeds.
    const goType = file.language === 'go' && (edge.kind === 'mounts' || edge.receiverType === undefined)
    const peerMember =
      !owner && !shadowed && first < 0 && (file.language !== 'go' || goType) && SHARED_PACKAGE.has(file.language)
        ? packageMember(file, receiver, name, index, goType ? (type) => inheritedMember(type, name, kinds, supers) : undefined)
        : undefined
    if (peerMember) return toSymbol(peerMember)
    // Dart's `Response.ok()` and Swift's `Todo.query()` of a class a whole-library import brings in (`import 'package:shelf/shelf.dart';`, `import App`).
    const imported = !owner && !shadowed && first < 0 && WHOLE_LIBRARY_IMPORTS.has(file.language) && bindings.wildcards.length > 0 && /^[A-Z]/.test(receiver) ? memberOfType(receiver, name, file, bindings, index, resolved, supers) : undefined
    if (imported) return imported
    // `this.articleService.findAll()`, `owners.findById()`: a member of the type the receiver is declared with.
    // Or declared in the code around it (`const index = new InvertedIndex()`, a field `#db: Database`), as the extraction read it.
    // (Go: a package-level variable of this file or another of the package, `JSON.Bind()`.)
    const typed =
      (file.language === 'go' ? goReceiverType(edge.receiverType, file, index) : edge.receiverType) ??
      (edge.sourceSymbolId ? declaredTypeOf(receiver, edge.sourceSymbolId, index) : undefined) ??
      (file.language === 'go' && first < 0 ? goVariableType(receiver, file, index) : undefined) ??
      chainRead(receiver, file.language)
    // Java's and C#'s chain of calls (`ToStringBuilder::new().append()`, `await _repository.GetAsync()`).
    const chained = typed !== undefined && DECLARED_CHAINS.has(file.language) && isDeclaredChain(typed)
    const read = typed === undefined || chained ? undefined : propertyRead(typed)
    const parameter = typed === undefined || read ? undefined : parameterReadOf(typed)
    // (Rust's `cli().try_get_matches()?`: a chain of calls too.)
    const returned = typed === undefined || read || parameter ? undefined : (/^(.*)\(\)(?:\[(\d*)\])?$/.exec(typed) ?? (file.language === 'rust' ? /^(.*)\(\)\?$/.exec(typed) : null))
    const memberIn = (type: string, member: string, home: FileLayers): Resolved | undefined =>
      memberOfType(type, member, home, home === file ? bindings : supers.bindingsOf(home), index, resolved, supers)
    // A parameter its context types: `api` of an annotated object literal's method, `index` of a callback given to `withIndex`.
    const parameterLookups = {
      method: (type: string, method: string) => memberIn(type, method, file),
      callee: (callee: string) => resolveCallee(callee, edge, file, bindings, index, resolved, supers, true),
      member: memberIn,
    }
    const ofType =
      typed === undefined
        ? undefined
        : read && file.language === 'python'
          ? memberOfAttributes(read, name, kinds, { edge, file, supers })
          : read
          ? memberOfProperty(read, name, index, {
              first: (property) => {
                const { receiverType: _type, local: _local, ...plain } = edge
                // `openIndex()['rag']`: the property of what the call returns.
                if (read.kind === 'type' && read.of.endsWith('()')) return memberOfReturned(read.of.slice(0, -2), property, edge, file, bindings, index, resolved, supers)
                const ofParameter = read.kind === 'type' ? parameterReadOf(read.of) : undefined
                if (ofParameter) return memberOfParameterRead(ofParameter, property, index, parameterLookups)
                if (read.kind === 'type') return memberOfType(read.of, property, file, bindings, index, resolved, supers)
                return resolveName({ ...plain, target: property, receiver: read.of }, file, bindings, index, resolved, supers)
              },
              member: memberIn,
            })
          : parameter
            ? memberOfParameterRead(parameter, name, index, parameterLookups)
            : chained
              ? declaredChainMember(typed, name, kinds, edge.sourceSymbolId, { supers, file, callee: (callee) => resolveCallee(callee, edge, file, bindings, index, resolved, supers) })
            : returned && file.language === 'rust'
              ? rustChainMember(typed, name, edge.sourceSymbolId, { supers, callee: (callee) => resolveCallee(callee, edge, file, bindings, index, resolved, supers) })
            : returned
              ? memberOfReturned(returned[1] as string, name, edge, file, bindings, index, resolved, supers, returned[2] === undefined ? false : returned[2] === '' || Number(returned[2]))
              : memberOfType(typed, name, file, bindings, index, resolved, supers)
    if (ofType) return ofType
    // pytest: a test's parameter naming a fixture (`def test_echo(runner)`) holds what the fixture provides.
    const fixture = typed === undefined && first < 0 && edge.sourceSymbolId ? pytestFixture(receiver, edge.sourceSymbolId, file, index) : undefined
    const ofFixture = fixture
      ? memberOfFixture(fixture, name, edge, {
          member: (type, member, home) => memberOfType(type, member, home, supers.bindingsOf(home), index, resolved, supers),
          returned: (callee, member, call, home) => memberOfReturned(callee, member, call, home, supers.bindingsOf(home), index, resolved, supers),
        })
      : undefined
    if (ofFixture) return ofFixture
    // `store: S` of `<S extends LayerStore>`: a member of the bound.
    const bound = typed !== undefined && read === undefined && returned === null && edge.sourceSymbolId ? constraintOf(typed, edge.sourceSymbolId, index) : undefined
    const ofBound = bound ? memberOfType(bound, name, file, bindings, index, resolved, supers) : undefined
    if (ofBound) return ofBound
    // `owners.save()` of `OwnerRepository extends JpaRepository<Owner, Integer>`: not the type's own, so its library base's.
    if (typed !== undefined && read === undefined && parameter === undefined && !returned && !bound) {
      const cls = classNamed(typed, file, bindings, index, resolved)
      // (Unless a C# extension method of the index has the name: `testParent.ToJson()`.)
      if (cls && !memberOrInherited(index, cls, name, supers) && supers.inheritsExternally(cls) && !hasExtensionMethod(name, file, index)) return EXTERNAL
      // `_userManager.GetUserAsync()` of a field `UserManager<ApplicationUser>` under `using Microsoft.AspNetCore.Identity;`.
      if (!cls && isLibraryType(typed, file, bindings, index)) return EXTERNAL
    }
    // `buffer.copy()` of `buffer: Buffer`, `encoder.encodeInto()` of `new TextEncoder()`: a member of the runtime's class.
    // Rust's `vec.push(x)` of `let vec = Vec::new()`: the standard library's, unless a trait or an impl block of the index may add the method.
    // (Not an `Option`'s, a `Box`'s: `if let Some(arg) = arg`, a deref, give the name another type's methods.)
    const runtimeType = typed !== undefined && (isClosedRuntimeClass(file.language, typed) || (file.language === 'rust' && RUST_COLLECTIONS.has(typed) && !rustMayAddMethod(typed, name, index)))
    const runtimeClass = returned === null && !bound && runtimeType && !bindings.names.has(typed) && !index.topLevel(file.path, typed)
    if (runtimeClass) return EXTERNAL
    // `os.environ.get()` of an external `os`; `Math.max()`, `System.out.println()`: the runtime's.
    const root = first >= 0 ? receiver.slice(0, first) : receiver
    if ((first >= 0 && head?.status === 'external') || (!owner && !bindings.names.has(root) && isBuiltinReceiver(file.language, root))) return EXTERNAL
    // `Assert.Equal()` under `using Xunit;`, `Guard.Against.Null()`: a static member of a library's type.
    // Only where no definition of the index has the name: a project's extension method on a library's type
    // (`Guard.Against.EmptyBasketOnCheckout()`) stays a candidate, and so does a namespace path (`Microsoft.Shop.X.f()`).
    if (!owner && typed === undefined && first < 0 && index.namedOfKinds(name, kinds, 'any', languageFamily(file.language)).count === 0 && isLibraryType(root, file, bindings, index)) return EXTERNAL
  }
  // `helper()` bound inside the calling code: the file's own, not a definition elsewhere of that name.
  if (written && callsLocalBinding(edge, file.language, bindings)) return UNRESOLVED
  // Most calls (of common method names) end here; the index remembers the counts.
  const scope = written ? callScope(edge, file.language) : 'any'
  // Rust's `value.name()` reaches only methods taking `self`: with none in the index, a method of
  // the standard library's `Option`, `Result` or `Iterator` (`matches.unwrap()`) is the library's.
  const std = written && edge.kind === 'calls' && file.language === 'rust' && isStdValueMethod(name)
  const rust = written && edge.kind === 'calls' && file.language === 'rust' ? rustCallCandidates(edge, name, kinds, index, std) : undefined
  // (A call reaches definitions of its own language's family only; a route's handler may be any.)
  const { count, only, path } = rust ?? index.namedOfKinds(name, kinds, scope, written ? languageFamily(file.language) : '')
  // `seen.set(k, v)`, `items.push(x)` on a receiver of unknown type: most likely the language's own
  // method, so a definition of the index with that name is only one candidate among others.
  const runtime = written && edge.kind === 'calls' && receiver !== '' && !receiver.includes('::') && isRuntimeMethod(file.language, name)
  // (Swift's `Abort(.notFound)` under `import Vapor`, Dart's `Cascade()` under `import 'package:shelf/shelf.dart';`: a library's type made.)
  const libraryType = count === 0 && written && receiver === '' && WHOLE_LIBRARY_IMPORTS.has(file.language) && isLibraryType(name, file, bindings, index)
  if (count === 0) return runtime || (std && rust !== undefined) || libraryType ? EXTERNAL : UNRESOLVED
  if (runtime) return { resolution: 'by-name', targetPath: '', targetSymbolId: '', candidates: count + 1 }
  // Ruby's constants are global and autoloaded (Rails' Zeitwerk): a base class or mixin the index defines once is that one.
  if (file.language === 'ruby' && edge.kind !== 'calls' && edge.kind !== 'mounts' && count === 1 && only) return toSymbol(only)
  // Overloads of one method (`Owner.getPet(String)`, `getPet(Integer)`): still by name, but in one known file.
  return { resolution: 'by-name', targetPath: only?.path ?? path ?? '', targetSymbolId: only?.id ?? '', candidates: count }
}
