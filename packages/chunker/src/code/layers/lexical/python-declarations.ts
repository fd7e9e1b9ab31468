import { closingBracket } from './brackets.js'
import type { TypedDeclaration } from './typed-declarations.js'

/** `typing`'s generic aliases and special forms, which are no class of the code. */
const NOT_A_CLASS = '(?!(?:List|Dict|Set|FrozenSet|Tuple|Sequence|MutableSequence|Mapping|MutableMapping|Iterable|Iterator|Collection|AbstractSet|Generator|Callable|Any|Type|Union|Optional|Literal|ClassVar|Final)\\b)'
/** A class as code writes it, with the modules it is read from: `ParamType`, `types.ParamType`, a private `_Option`. */
const CLASS = `((?:[a-z_]\\w*\\.)*${NOT_A_CLASS}_*[A-Z]\\w*)`
/** A constructor as a call writes it: `Session`, `argparse.ArgumentParser`, `Outer.Inner`; a class attribute (`self.CodeContext(`) by its name. */
const CONSTRUCTOR = '(?:(?:self|cls)\\.)?((?:[a-z_]\\w*\\.)*_*[A-Z]\\w*(?:\\.[A-Z]\\w*)*)'
/** A container of elements as an annotation writes it: `list[`, `t.Sequence[`, `cabc.Iterator[`. */
const CONTAINER = '(?:[a-z_]\\w*\\.)*(?:list|List|set|Set|frozenset|FrozenSet|tuple|Tuple|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|Generator)\\s*\\[\\s*'
/** An optional class: `t.Optional[Command]`, `Command | None`, `Command[int]`; not one class of a union (`Frame | _ConsoleFrame`). */
const ANNOTATION = `(?:(?:t|typing)\\.)?(?:Optional\\s*\\[\\s*${CLASS}|${CLASS}(?![\\w.])(?:\\[[^\\]\\n]*\\])?(?:\\s*\\|\\s*None\\b)?(?!\\s*\\|))`
const NAME = '((?:self\\.)?[A-Za-z_]\\w*)'

/** A loop: `for name in self.items` or `for name in callee(` (its `(`). */
const LOOP = 'for\\s+([A-Za-z_]\\w*)\\s+in\\s+((?:self\\.)?[A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)*)\\s*(\\()?'

/**
 * One regular expression, its alternatives told apart by their groups, for the lines of masked
 * Python code that give a name or a `self.` attribute a type:
 * 1. `name: Sequence[Class] = ...`, a container of a class (group 2: the element type);
 * 2. `name: Class = ...`, also in a parameter list that spans lines (group 3 or 4);
 * 3. `name = t.cast(Class, ...)` (group 5);
 * 4. `name = module.Class(...)`, a capitalised callee (group 6);
 * 5. `name = callee(...)`, the value of another call (group 7);
 * 6. `self.name = name`, a parameter kept (group 8);
 * 7. `except module.Error as name:` (groups 9, 10);
 * 8. `for name in ...` (group 11): over a call's value (group 12, then a `(`: group 13) or a name (group 12);
 * 9. `name, other = callee(...)`, names unpacked from a call's value (group 14, the callee group 15).
 * Every alternative starts a line; loops inside a line (comprehensions) are {@link INLINE_LOOP}'s.
 */
const PYTHON_DECLARATION = new RegExp(
  [
    `^[ \\t]*(?:${NAME}\\s*(?::\\s*(?:${CONTAINER}${CLASS}|${ANNOTATION})[^=\\n]*(?:=|$)`,
    `|\\s*=\\s*(?:(?:(?:t|typing)\\.)?cast\\(\\s*${CLASS}\\s*,|${CONSTRUCTOR}\\s*\\(|((?:self\\.)?[a-z_]\\w*(?:\\.[a-z_]\\w*)*)\\s*\\(|([a-z_]\\w*)\\s*$))`,
    `|except\\s+${CLASS}\\s+as\\s+([A-Za-z_]\\w*)\\s*:`,
    `|(?:async\\s+)?${LOOP}`,
    `|(${NAME.slice(1, -1)}(?:\\s*,\\s*${NAME.slice(1, -1)})+)\\s*,?\\s*=\\s*((?:self\\.)?[a-z_]\\w*(?:\\.[a-z_]\\w*)*)\\s*\\()`,
  ].join(''),
  'gm',
)

/**
 * `name = []`, `name = {}`, `name = ""` and other one-line literals (strings are blanked in the
 * masked code, quotes kept): the runtime's `list` (group 2), `dict` or `set` (group 3, a set when
 * it holds neither `:` nor `**`), `str` (group 4).
 */
const LITERAL = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*(?:(\[[^\]\n]*\])|(\{[^}\n]*\})|(["'])[^"'\n]*\4)[ \t]*(?:#.*)?$/gm

/** The length of the spaces and tabs that start `line`. */
function indentOf(line: string): number {
  let k = 0
  while (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9) k++
  return k
}

/** A loop inside a line, at a `for` found there: `[p.x() for p in self.params]` (groups 1 to 3 as 11 to 13 above). */
const INLINE_LOOP = new RegExp(LOOP, 'yd')

/** A `def` and its parameter list (one level of brackets inside), on one line or several. */
const DEF = /\bdef\s+\w+\s*\(((?:[^()]|\([^()]*\))*)\)/dg
/** An annotated parameter in a parameter list: `ctx: Context` (group 1; group 2 for a container's element, 3 or 4 for a class). */
const PARAMETER = new RegExp(`(?:^|[(,])\\s*\\**([A-Za-z_]\\w*)\\s*:\\s*(?:${CONTAINER}${CLASS}|${ANNOTATION})[^,()=\\n]*(?=[,)=]|$)`, 'gd')

/**
 * A string in masked code (its quotes around blanks) after a character that makes it an annotation
 * or part of one: `x: "T"`, `-> "T"`, `Optional["T"]`, `Dict[str, "T"]`, `"T" | None`. Group 1: the blanks.
 */
const ANNOTATION_STRING = /[:>[,|][ \t]*(["'])( +)\1/g
/** What a string's content must be to be read as a type: a class with its modules and arguments (`Environment`, `t.Optional["Context"]`), maybe `| None`. */
const TYPE_TEXT = /^\s*[A-Za-z_][\w.]*(?:\[[\w.,\s|'"[\]]*\])?(?:\s*\|\s*None)?\s*$/

/**
 * Masked code with the forward references of annotations written back (`parser: "Parser"`, `->
 * "Template"`, `t.Optional["Environment"]`), their quotes blanked instead: the content of each
 * string that follows `:`, `->`, `[`, `,` or `|` and reads as a type. Offsets are kept.
 */
export function withQuotedTypes(masked: string, text: string): string {
  let out: string | undefined
  let last = 0
  ANNOTATION_STRING.lastIndex = 0
  for (let m = ANNOTATION_STRING.exec(masked); m; m = ANNOTATION_STRING.exec(masked)) {
    const end = m.index + m[0].length
    const start = end - (m[2] as string).length - 2
    const content = text.slice(start + 1, end - 1)
    if (!TYPE_TEXT.test(content)) continue
    out = `${out ?? ''}${masked.slice(last, start)} ${content.replace(/["']/g, ' ')} `
    last = end
  }
  return out === undefined ? masked : out + masked.slice(last)
}

/**
 * The builtins that call a protocol method of their argument: `next(it)` is `it.__next__()`. (A
 * map: a callee named like an `Object.prototype` member, `constructor(x)`, is no builtin.)
 */
const PROTOCOL_METHODS: ReadonlyMap<string, string> = new Map([
  ['next', '__next__'],
  ['iter', '__iter__'],
])
/** A plain or dotted name as a call's only or first argument: `(self.stream)`, `(tokens, None)`. */
const FIRST_ARGUMENT = /^\(\s*((?:self\.)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*[,)]/

/** `next(self.stream)` as the call it makes, `self.stream.__next__()` (its class's method tells what it returns); `undefined` for any other call. */
function protocolCall(callee: string, masked: string, open: number): string | undefined {
  const method = PROTOCOL_METHODS.get(callee)
  const argument = method === undefined ? undefined : FIRST_ARGUMENT.exec(masked.slice(open, open + 200))?.[1]
  return argument === undefined ? undefined : `${argument}.${method}()`
}

/** A loop variable's declaration: typed `callee()[]` over a call's value, else by what it iterates. */
function loopDeclaration(name: string, iterated: string, call: boolean, offset: number): TypedDeclaration {
  return call ? { name, type: `${iterated}()[]`, offset } : { name, type: '', iterates: iterated, offset }
}

/**
 * Python's declarations of names and `self.` attributes with a class type, read from masked code,
 * in order (see {@link PYTHON_DECLARATION}); with the file's `text`, forward references count as
 * the annotations they stand for ({@link withQuotedTypes}). A loop over a call's value is typed
 * `callee()[]` (what the callee's annotation says it yields); a loop over another name, and a
 * parameter kept in an attribute, are typed by the finder of `declared-receivers.ts`, which sees
 * the scopes.
 */
export function pythonTypedDeclarations(code: string, text?: string): TypedDeclaration[] {
  const masked = text === undefined ? code : withQuotedTypes(code, text)
  const out: TypedDeclaration[] = []
  PYTHON_DECLARATION.lastIndex = 0
  for (let m = PYTHON_DECLARATION.exec(masked); m; m = PYTHON_DECLARATION.exec(masked)) {
    if (m[1] !== undefined) {
      const name = m[1]
      const offset = m.index + indentOf(m[0])
      const type = m[3] ?? m[4] ?? m[5] ?? m[6] ?? (m[7] === undefined ? undefined : (protocolCall(m[7], masked, m.index + m[0].length - 1) ?? `${m[7]}()`))
      if (type !== undefined) out.push({ name, type, offset })
      else if (m[2] !== undefined) out.push({ name, type: '', element: m[2], offset })
      else if (m[8] !== undefined && name.startsWith('self.')) out.push({ name, type: '', parameter: m[8], offset })
    } else if (m[10] !== undefined) {
      out.push({ name: m[10], type: m[9] as string, offset: m.index + m[0].lastIndexOf(m[10]) })
    } else if (m[11] !== undefined) {
      out.push(loopDeclaration(m[11], m[12] as string, m[13] !== undefined, m.index + m[0].indexOf(m[11], m[0].indexOf('for') + 3)))
    } else if (m[14] !== undefined) {
      // `cmd_name, cmd, args = self.resolve_command(ctx, args)`: each name the element of the returned tuple at its position
      // (not `a, b = f(x), g(y)`: the call must end the line).
      const close = closingBracket(masked, m.index + m[0].length - 1)
      const lineEnd = masked.indexOf('\n', close)
      if (close < 0 || masked.slice(close + 1, lineEnd < 0 ? masked.length : lineEnd).trim() !== '') continue
      let offset = m.index + indentOf(m[0])
      m[14].split(',').forEach((part, position) => {
        const name = part.trim()
        out.push({ name, type: `${m![15]}()[${position}]`, offset: offset + part.indexOf(name) })
        offset += part.length + 1
      })
    }
  }
  // A comprehension's variable is used before its `for`: its declaration counts from the line's start.
  let inline = false // whether declarations were added out of order
  LITERAL.lastIndex = 0
  for (let m = LITERAL.exec(masked); m; m = LITERAL.exec(masked)) {
    const type = m[2] !== undefined ? 'list' : m[3] !== undefined ? (m[3] === '{}' || m[3].includes(':') || m[3].includes('**') ? 'dict' : 'set') : 'str'
    out.push({ name: m[1] as string, type, offset: m.index + indentOf(m[0]) })
    inline = true
  }
  for (let at = masked.indexOf('for', 1); at >= 0; at = masked.indexOf('for', at + 3)) {
    const before = masked.charCodeAt(at - 1)
    if (before !== 32 && before !== 40 && before !== 91 && before !== 123) continue
    const lineStart = masked.lastIndexOf('\n', at) + 1
    if (masked.slice(lineStart, at).trim() === '' || masked.slice(lineStart, at).trim() === 'async') continue
    INLINE_LOOP.lastIndex = at
    const m = INLINE_LOOP.exec(masked)
    if (m) {
      out.push(loopDeclaration(m[1] as string, m[2] as string, m[3] !== undefined, lineStart))
      inline = true
    }
  }
  // The annotated parameters of every function, nested ones too (which are no symbols whose signature resolution reads).
  DEF.lastIndex = 0
  for (let d = DEF.exec(masked); d; d = DEF.exec(masked)) {
    const list = d[1] as string
    const start = d.indices![1]![0]
    PARAMETER.lastIndex = 0
    for (let p = PARAMETER.exec(list); p; p = PARAMETER.exec(list)) {
      const name = p[1] as string
      const offset = start + p.indices![1]![0]
      const type = p[3] ?? p[4]
      if (type !== undefined) out.push({ name, type, offset })
      else if (p[2] !== undefined) out.push({ name, type: '', element: p[2], offset })
      inline = true
    }
  }
  return inline ? out.sort((a, b) => a.offset - b.offset) : out
}

/** A parameter's annotation, after its name: `: list[Item]` (group 1) or `: t.Optional[Context]` (group 2 or 3). */
const PARAMETER_ANNOTATION = new RegExp(`\\s*:\\s*(?:${CONTAINER}${CLASS}|${ANNOTATION})`, 'y')

/**
 * What a function's signature annotates a parameter with: its class (`app: Flask`, `ctx:
 * t.Optional[Context]`, `env: "Environment"`) or, for a container of a class (`items:
 * list[Item]`), its element type.
 */
export function parameterAnnotation(written: string, name: string): { readonly type?: string; readonly element?: string } {
  // Forward references (`parser: "Parser"`) as the annotations they stand for.
  const signature = written.includes('"') || written.includes("'") ? written.replace(/["']/g, ' ') : written
  for (let at = signature.indexOf(name); at > 0; at = signature.indexOf(name, at + 1)) {
    const before = signature.charCodeAt(at - 1)
    // After `(`, `,` or a space: the parameter itself, not a longer name ending in it.
    if (before !== 40 && before !== 44 && before !== 32 && before !== 9 && before !== 10) continue
    PARAMETER_ANNOTATION.lastIndex = at + name.length
    const found = PARAMETER_ANNOTATION.exec(signature)
    if (found) return found[1] !== undefined ? { element: found[1] } : { type: found[2] ?? found[3] }
  }
  return {}
}
