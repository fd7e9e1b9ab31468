import type { TypedDeclaration } from './typed-declarations.js'

/** A class as Swift and Dart code write it (`Todo`, `Shelf.Response`): capitalised, maybe qualified. */
const TYPE = '([A-Z]\\w*(?:\\.[A-Z]\\w*)*)'
/** Generic arguments, two levels deep: `<Int>`, `<String, List<Order>>`. */
const ARGUMENTS = '(?:\\s*<(?:[^<>;(){}=\\n]|<[^<>;(){}=\\n]*>)*>)?'
/** A declared name: lower case, as both languages name variables. */
const NAME = '([a-z_]\\w*)'

/** Swift's `let todo = Todo(...)`, `try await Todo.init(...)`: a type's own initializer (`Todo.find(...)` gives no `Todo`). */
const SWIFT_INIT = new RegExp(`\\b(?:let|var)\\s+${NAME}\\s*=\\s*(?:try[?!]?\\s+)?(?:await\\s+)?${TYPE}${ARGUMENTS}\\s*(?:\\.init\\s*)?\\(`, 'gd')
/** Swift's annotated name: `let todo: Todo`, a parameter `_ app: Application`, an optional `todo: Todo?` (an array `[Item]` is none). */
const SWIFT_ANNOTATED = new RegExp(`(?<![\\w.])${NAME}\\s*:\\s*(?:inout\\s+|some\\s+|any\\s+)?${TYPE}${ARGUMENTS}[?!]?(?=\\s*[=,){]|\\s*$)`, 'gmd')

/** Dart's `final router = Router(...)`, `var o = new Order(...)`, `final p = const Point(...)`, `await`ed or not, `shelf.Router()` of a namespace import. */
const DART_INIT = new RegExp(`\\b(?:final|var|const|late\\s+final|late)\\s+${NAME}\\s*=\\s*(?:await\\s+)?(?:new\\s+|const\\s+)?((?:[a-z_]\\w*\\.)?[A-Z]\\w*(?:\\.[A-Z]\\w*)*)${ARGUMENTS}\\s*(?:\\.[a-z_]\\w*\\s*)?\\(`, 'gd')
/** Dart's typed name: `Router router`, `final Order? order`, a parameter `Request request`, followed by `=`, `;`, `,` or `)`. */
const DART_TYPED = new RegExp(`(?<![\\w.])${TYPE}${ARGUMENTS}\\??\\s+${NAME}\\s*(?=[=;,)])`, 'gd')

function collect(masked: string, pattern: RegExp, nameGroup: number, typeGroup: number, out: TypedDeclaration[]): void {
  pattern.lastIndex = 0
  for (let match = pattern.exec(masked); match; match = pattern.exec(masked)) {
    out.push({ name: match[nameGroup] as string, type: match[typeGroup] as string, offset: match.indices![nameGroup]![0] })
  }
}

/**
 * The names Swift code declares with a class type, in masked code: a `let` or `var` holding an
 * initializer's value (`let todo = Todo(title: x)`, `Todo.init(...)`), a name annotated with one
 * (`let app: Application`, a parameter `_ req: Request`, an optional `Todo?`). Arrays and
 * dictionaries (`[Item]`) type no name.
 */
export function swiftTypedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  collect(masked, SWIFT_INIT, 1, 2, out)
  collect(masked, SWIFT_ANNOTATED, 1, 2, out)
  return out.sort((a, b) => a.offset - b.offset)
}

/**
 * The names Dart code declares with a class type, in masked code: `final`, `var` or `const`
 * holding a constructor's value (`final router = Router()`, `Order.fromJson(json)`, `new`,
 * `const`, `await`), or a name declared with its type (`Router router;`, `final Order? order =`,
 * a parameter `Request request`).
 */
export function dartTypedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  collect(masked, DART_INIT, 1, 2, out)
  collect(masked, DART_TYPED, 2, 1, out)
  return out.sort((a, b) => a.offset - b.offset)
}
