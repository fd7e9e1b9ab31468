import type { EntrypointDraft, FileFacts, SymbolFact } from '../facts.js'
import { escapedName } from './template-paths.js'

/** A handler that is a method of a variable or field: `r.register`, `handler.getCities`, `this.auth.signUp`. */
const ON_RECEIVER = /^(this\.)?([a-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/


/**
 * How a language makes a value of a type, for a variable or field `name`, each giving the type
 * (with its package or module qualifier as written) in its first group: Go's `r := &V1{...}`,
 * `h := handlers.NewAuthHandler(...)` (a constructor named `New` + the type) and `var uh
 * handler.UserHandler`; JavaScript's `const controller = new UserController()`, a class field
 * `public auth = new AuthController()` or `this.auth = new AuthController()`, and a typed
 * field or constructor parameter `private readonly users: UsersService`; Python's `api = UserApi()`.
 */
function makers(language: string, name: string, field: boolean): RegExp[] {
  const n = escapedName(name)
  if (language === 'go') {
    return [new RegExp(`\\b${n}\\s*:?=\\s*&?\\s*([A-Za-z_][\\w.]*)\\s*\\{`), new RegExp(`\\b${n}\\s*:?=\\s*((?:[A-Za-z_]\\w*\\.)?)New([A-Z]\\w*)\\s*\\(`), new RegExp(`\\bvar\\s+${n}\\s+\\*?([A-Za-z_][\\w.]*)`)]
  }
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') {
    const made = `\\s*=\\s*new\\s+([A-Z][\\w$.]*)\\s*[(<]`
    return field
      ? [new RegExp(`(?:^|[\\s;{])(?:(?:public|private|protected|readonly|static)\\s+)*${n}\\s*(?::\\s*[\\w$.<>]+\\s*)?${made}`, 'm'), new RegExp(`\\bthis\\.${n}${made}`), new RegExp(`(?:public|private|protected|readonly)\\s+(?:readonly\\s+)?${n}\\s*:\\s*([A-Z][\\w$.]*)`)]
      : [new RegExp(`\\b(?:const|let|var)\\s+${n}\\s*(?::\\s*[\\w$.<>]+\\s*)?${made}`)]
  }
  if (language === 'python') return [new RegExp(`^\\s*${n}\\s*=\\s*([A-Z]\\w*(?:\\.[A-Z]\\w*)*)\\s*\\(`, 'm')]
  return []
}

/** The spans a receiver may be made in: the declaring definition, then the ones around it, then the file. */
function scopes(declaring: SymbolFact | undefined, length: number): [number, number][] {
  const out: [number, number][] = []
  for (let symbol = declaring; symbol; symbol = symbol.parent) out.push([symbol.start, symbol.end])
  out.push([0, length])
  return out
}

/**
 * A route whose handler is a method of a variable or field made in the file as a value of a type
 * (`r := &V1{...}` then `r.register`; `public auth = new AuthController()` then
 * `this.auth.signUp`): its handler named by the type, `V1.register`, `AuthController.signUp`, which
 * the in-file and cross-file handler links then find. The draft as it is otherwise.
 */
export function withTypedReceiver(
  draft: EntrypointDraft,
  facts: FileFacts,
  enclosing: (offset: number) => SymbolFact | undefined,
  memo: Map<string, string | undefined> = new Map(),
): EntrypointDraft {
  const handler = ON_RECEIVER.exec(draft.handler)
  if (!handler) return draft
  const [, self, receiver, method] = handler as unknown as [string, string | undefined, string, string]
  const declaring = draft.declaring ?? enclosing(draft.offset)
  // A file's routes often share one receiver (`controller.list`, `controller.create`): its type is looked up once per scope.
  const key = `${self ?? ''}${receiver}@${declaring?.start ?? -1}`
  if (!memo.has(key)) memo.set(key, typeOf(receiver, self !== undefined, declaring, facts))
  const type = memo.get(key)
  return type === undefined ? draft : { ...draft, handler: `${type}.${method}` }
}

/** The type a variable or field is made as in the scopes around `declaring` (see {@link makers}), else `undefined`. */
function typeOf(receiver: string, field: boolean, declaring: SymbolFact | undefined, facts: FileFacts): string | undefined {
  const patterns = makers(facts.language, receiver, field)
  if (patterns.length === 0) return undefined
  // A parameter or Go method receiver (`func (h *Handler) Register(...)`) is typed where it is declared: not here.
  if (!field && declaring && new RegExp(`\\b${escapedName(receiver)}\\b`).test(declaring.signature)) return undefined
  const { masked } = facts
  for (const [start, end] of scopes(declaring, masked.length)) {
    const text = masked.slice(start, end)
    for (const pattern of patterns) {
      const made = pattern.exec(text)
      if (made) return `${made[1] ?? ''}${made[2] ?? ''}`
    }
  }
  return undefined
}
