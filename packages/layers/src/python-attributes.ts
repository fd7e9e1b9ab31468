import type { FileLayers, PropertyRead, RawEdge, SymbolRecord } from '@rag/core'
import { memberNamed } from './definitions.js'
import { propertyTypeIn } from './property-types.js'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import { returnedType } from './returned-type.js'
import { CLASS_LIKE, enclosingClass, inheritedMember, type Supertypes } from './supertypes.js'
import { declaredTypeOf, valueTypeOf } from './typed-receivers.js'

/** Base classes followed for an attribute. */
const MAX_DEPTH = 8
/** Chains read while reading a chain (through the class names its steps resolve). */
const MAX_NESTED = 4
let nested = 0
/** `self` and `cls`: the enclosing class. */
const OWN_CLASS = new Set(['self', 'cls'])
/** A class as a type names it (`Token`, `types.ParamType`), not what a call returns. */
const CLASS_TYPE = /^(?:[A-Za-z_]\w*\.)*_*[A-Z]\w*$/
/** Python's own classes, named in lower case (`str`, `dict`): a library's when the file does not define them. */
const BUILTIN_TYPE = /^(?:str|bytes|int|float|bool|list|dict|set|frozenset|tuple)$/

/** The call being resolved, its file and that file's bindings: what the first name of a chain is read in. */
export interface AttributeContext {
  readonly edge: RawEdge
  readonly file: FileLayers
  readonly supers: Supertypes
}

/** What an edge from `file` to `target` (on `receiver`), of `kind`, resolves to. */
function resolvedAs(target: string, receiver: string, kind: RawEdge['kind'], file: FileLayers, { edge, supers }: AttributeContext): Resolved {
  const { receiverType: _type, local: _local, receiver: _receiver, ...plain } = edge
  const probe: RawEdge = receiver === '' ? { ...plain, kind, target } : { ...plain, kind, target, receiver }
  return supers.resolve(probe, file, supers.bindingsOf(file), supers.index, supers.resolved, supers)
}

/** The symbol an edge from `file` to `target` (on `receiver`) resolves to, of the kinds of `kind`'s edges. */
function resolvedSymbol(target: string, receiver: string, kind: RawEdge['kind'], file: FileLayers, context: AttributeContext): SymbolRecord | undefined {
  const found = resolvedAs(target, receiver, kind, file, context)
  // As `memberOfReturned` reads a callee: a name found once in the index counts.
  return found.targetSymbolId ? context.supers.index.symbol(found.targetSymbolId) : undefined
}

/**
 * A class of a library, or of the language, where a chain reaches it: what its attributes hold and
 * its members are the library's (`db.session.commit()` of `db = SQLAlchemy()`).
 */
const LIBRARY = 'library'
type Reached = SymbolRecord | typeof LIBRARY | undefined

/** The class a type names (`Token`, `types.ParamType`), read as `home` names it; {@link LIBRARY} for a library's (`SQLAlchemy` of `from flask_sqlalchemy import SQLAlchemy`, `str`). */
function classNamed(type: string, home: FileLayers, context: AttributeContext): Reached {
  if (!CLASS_TYPE.test(type) && !BUILTIN_TYPE.test(type)) return undefined
  const dot = type.lastIndexOf('.')
  const found = resolvedAs(type.slice(dot + 1), dot < 0 ? '' : type.slice(0, dot), 'extends', home, context)
  if (found.resolution === 'external') return LIBRARY
  const symbol = found.targetSymbolId ? context.supers.index.symbol(found.targetSymbolId) : undefined
  return symbol && CLASS_LIKE.has(symbol.kind) ? symbol : undefined
}

/** The class a value holds: a class itself (`Config.x`), or a value's declared class (`current_app: Flask`), read in the value's file. */
function classHeld(symbol: SymbolRecord, context: AttributeContext): Reached {
  if (CLASS_LIKE.has(symbol.kind)) return symbol
  const type = valueTypeOf(symbol)
  const home = type === undefined ? undefined : context.supers.index.file(symbol.path)
  return type && home ? classNamed(type, home, context) : undefined
}

/** The class a call returns (`environment._tokenize()` of `-> TokenStream`; `Token()` makes a `Token`), read in the callee's file. */
function classReturned(callee: string, context: AttributeContext): Reached {
  const dot = callee.lastIndexOf('.')
  const found = resolvedAs(callee.slice(dot + 1), dot < 0 ? '' : callee.slice(0, dot), 'calls', context.file, context)
  // (What a library's class or function makes: the library's.)
  if (found.resolution === 'external') return LIBRARY
  const symbol = found.targetSymbolId ? context.supers.index.symbol(found.targetSymbolId) : undefined
  if (symbol === undefined || CLASS_LIKE.has(symbol.kind)) return symbol
  const type = returnedType(symbol.signature, symbol.language)
  const home = type === undefined ? undefined : context.supers.index.file(symbol.path)
  return type && home ? classNamed(type, home, context) : undefined
}

/** The class a chain starts from: `self`'s, a parameter's or value's declared class, a type's, or what a call returns. */
function startOf(read: PropertyRead, context: AttributeContext): Reached {
  const { edge, file, supers } = context
  const { index } = supers
  if (read.kind === 'type') return read.of.endsWith('()') ? classReturned(read.of.slice(0, -2), context) : classNamed(read.of, file, context)
  if (OWN_CLASS.has(read.of)) return enclosingClass(edge.sourceSymbolId, index)
  const declared = edge.sourceSymbolId ? declaredTypeOf(read.of, edge.sourceSymbolId, index) : undefined
  if (declared !== undefined) return classNamed(declared, file, context)
  const value = resolvedSymbol(read.of, '', 'calls', file, context)
  return value && classHeld(value, context)
}

/**
 * The class attribute `name` of `cls` holds, or of a base class: one its methods set
 * (`SymbolRecord.attributes`), a class-body annotation (`left: Expr`) or a property method's
 * return annotation (`@property def json(self) -> JSONProvider`), read in its class's file.
 */
function attributeClass(cls: SymbolRecord, name: string, context: AttributeContext, depth = 0): Reached {
  const { index } = context.supers
  const member = memberNamed(index, cls, name)
  const type =
    cls.attributes?.[name] ??
    (member?.kind === 'property' ? propertyTypeIn(member.signature, member.name, false) : member?.kind === 'method' ? returnedType(member.signature, member.language) : undefined)
  const home = type === undefined ? undefined : index.file(cls.path)
  if (type !== undefined) return home && classNamed(type, home, context)
  if (member !== undefined || depth >= MAX_DEPTH) return undefined
  for (const base of context.supers.of(cls)) {
    const found = attributeClass(base, name, context, depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * The member `name` of what a chain of Python attributes holds (`self.stream.current.test()`,
 * `request.args.get()`, `Parser['stream']['current']` as the chunker wrote it): the class the
 * chain starts from, then at each step the class of its attribute, its own or a base class's,
 * then that class's member or one it inherits; `external` when a step reaches a library's class
 * (`db.session.commit()` of `db = SQLAlchemy()`, `self.name.upper()` of `name: str`). `undefined`
 * when a step's class is not known.
 */
export function memberOfAttributes(read: PropertyRead, name: string, kinds: ReadonlySet<string>, context: AttributeContext): Resolved | undefined {
  // A dotted class name is itself read as a chain (`a.b.C`): nested readings end a few levels down,
  // whatever cycle the code's annotations make.
  if (read.elements || nested >= MAX_NESTED) return undefined
  nested++
  try {
    let cls = startOf(read, context)
    for (const property of read.properties) cls = cls === LIBRARY ? cls : cls && attributeClass(cls, property, context)
    if (cls === LIBRARY) return EXTERNAL
    if (cls === undefined) return undefined
    const member = memberNamed(context.supers.index, cls, name) ?? inheritedMember(cls, name, kinds, context.supers)
    return member && kinds.has(member.kind) ? toSymbol(member) : undefined
  } finally {
    nested--
  }
}
