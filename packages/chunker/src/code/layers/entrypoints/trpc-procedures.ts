import type { CallFact, EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'
import { objectEntries, type ObjectEntry } from './object-literal.js'
import { escapedName } from './template-paths.js'

/** Calls that make a tRPC router from an object of procedures and sub-routers: `createTRPCRouter({...})`, `t.router({...})`. */
const ROUTER_CALLS: ReadonlySet<string> = new Set(['createTRPCRouter', 'router', 'createRouter'])

/** What marks a file as tRPC's, beyond an import of `@trpc/server`: the T3 stack's helpers and procedure builders. */
const TRPC_MENTION = /\btrpc\b|TRPC|\b(?:public|protected|admin)?[pP]rocedure\b/

/** A procedure's kind, by the last call of its builder chain, as its HTTP method (subscriptions stream over GET). */
const PROCEDURE_METHODS: Readonly<Record<string, string>> = { query: 'GET', mutation: 'POST', subscription: 'GET' }

/** A router held by a name: `postRouter`, `routers.post`. */
const ROUTER_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/** A router made in place, as an entry's value: `createTRPCRouter({`, `t.router({`. */
const INNER_ROUTER = /^(?:[A-Za-z_$][\w$]*\.)?(?:createTRPCRouter|router|createRouter)\s*\(\s*\{/

/** The last top-level `.name(` of a builder chain (`publicProcedure.input(...).query(...)` gives `query`). */
function lastLink(value: string): string | undefined {
  let depth = 0
  let last: string | undefined
  for (let at = 0; at < value.length; at++) {
    const char = value[at]
    if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') depth--
    else if (char === '.' && depth === 0) last = /^\.\s*([A-Za-z_$][\w$]*)\s*\(/.exec(value.slice(at))?.[1] ?? last
  }
  return last
}

/**
 * The value a constant of the file is declared with (`const list = t.procedure.input(x).query(...)`),
 * up to the end of its statement: a `;` or a line break outside brackets that no `.link` continues;
 * `''` when the file declares no such constant.
 */
function assignedValue(masked: string, name: string): string {
  const declared = new RegExp(`\\b(?:const|let|var)\\s+${escapedName(name)}\\s*(?::[^=;{]+)?=`).exec(masked)
  if (declared === null) return ''
  const start = declared.index + declared[0].length
  let depth = 0
  for (let at = start; at < masked.length; at++) {
    const char = masked[at]
    if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') depth--
    else if (depth === 0 && (char === ';' || (char === '\n' && !/^\s*\./.test(masked.slice(at + 1, at + 200))))) return masked.slice(start, at)
  }
  return masked.slice(start)
}

/** One entry of a router object: a procedure, a sub-router held by a name, or a router made in place. */
type RouterEntry =
  | { readonly kind: 'procedure'; readonly path: string; readonly method: string; readonly entry: ObjectEntry }
  | { readonly kind: 'router'; readonly path: string; readonly target: string; readonly entry: ObjectEntry }

/** The `{` of a router call's object argument, or `-1`. */
function objectOpen(masked: string, call: CallFact): number {
  const paren = masked.indexOf('(', call.offset + call.name.length)
  const open = paren < 0 ? -1 : masked.slice(paren + 1).search(/\S/) + paren + 1
  return open > paren && masked[open] === '{' ? open : -1
}

/**
 * The entries of a router object, with their procedure paths under `prefix` (`post.byId`), a
 * router made in place (`admin: createTRPCRouter({...})`) read as part of it.
 */
function routerEntries(masked: string, open: number, prefix: string, out: RouterEntry[] = []): RouterEntry[] {
  for (const entry of objectEntries(masked, open)) {
    const value = masked.slice(entry.valueStart, entry.valueEnd).trim()
    const path = prefix === '' ? entry.key : `${prefix}.${entry.key}`
    // A procedure held by a constant of the file (`const list = t.procedure.query(...)`, then `{ list }`) is one too.
    const link = lastLink(value) ?? (ROUTER_NAME.test(value) && !value.includes('.') ? lastLink(assignedValue(masked, value)) : undefined)
    if (link !== undefined && Object.hasOwn(PROCEDURE_METHODS, link)) out.push({ kind: 'procedure', path, method: PROCEDURE_METHODS[link] as string, entry })
    else if (ROUTER_NAME.test(value)) out.push({ kind: 'router', path, target: value, entry })
    // `admin: createTRPCRouter({ ... })`: its entries are under `admin`.
    else if (INNER_ROUTER.test(value)) routerEntries(masked, masked.indexOf('{', entry.valueStart), path, out)
  }
  return out
}

/** A router object of the file: where its `{` is, the name it is assigned to (or `''`) and where it ends. */
interface RouterObject {
  readonly open: number
  readonly router: string
  readonly end: number
}

/** `export const postRouter = {`: an object literal assigned to a name (tRPC v11's router records). */
const ASSIGNED_OBJECT = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;{]+)?=\s*\{/g

/**
 * The file's outermost tRPC router objects: the object arguments of router calls
 * (`createTRPCRouter({...})`, `t.router({...})`), and object literals assigned to a name that hold
 * a procedure (`export const postRouter = { all: publicProcedure.query(...) } satisfies
 * TRPCRouterRecord`).
 */
function routerObjects(facts: FileFacts, imports: (module: string) => boolean): readonly RouterObject[] {
  // Read once per file: by the detector and again by the mounts.
  let found = READ.get(facts)
  if (found === undefined) READ.set(facts, (found = readRouterObjects(facts, imports)))
  return found
}

/** {@link routerObjects} of the files read so far. */
const READ = new WeakMap<FileFacts, readonly RouterObject[]>()

function readRouterObjects(facts: FileFacts, imports: (module: string) => boolean): RouterObject[] {
  if (!imports('@trpc/server') && !TRPC_MENTION.test(facts.text)) return []
  const masked = facts.masked || facts.text
  const out: RouterObject[] = []
  const inside = (offset: number): boolean => out.some((outer) => outer.open < offset && offset < outer.end)
  for (const call of facts.calls) {
    if (!ROUTER_CALLS.has(call.name) || inside(call.offset)) continue
    const open = objectOpen(masked, call)
    if (open >= 0) out.push({ open, router: call.assignedTo() ?? '', end: call.end() })
  }
  for (const match of masked.matchAll(ASSIGNED_OBJECT)) {
    const open = match.index + match[0].length - 1
    if (inside(open)) continue
    const entries = routerEntries(masked, open, '')
    if (entries.some((entry) => entry.kind === 'procedure')) out.push({ open, router: match[1] as string, end: entries.at(-1)?.entry.valueEnd ?? open })
  }
  return out
}

/**
 * tRPC's procedures (v10 and v11): each `name: procedure...query(...)` (or `.mutation`,
 * `.subscription`) of a router object (`createTRPCRouter({...})`, `t.router({...})`, or a
 * router record `const postRouter = {...} satisfies TRPCRouterRecord`) is an
 * entrypoint whose route is its procedure path (`byId`, `admin.stats` for a router made in
 * place), served at `/api/trpc/<path>` by the app's handler: GET for a query or subscription, POST
 * for a mutation. A router another router holds by name (`post: postRouter`) is mounted at its
 * key (see {@link trpcMountFacts}); the graph joins the paths with dots (`post.byId`).
 */
export const trpcProcedures: EntrypointDetector = {
  framework: 'trpc',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const drafts: EntrypointDraft[] = []
    const masked = facts.masked || facts.text
    for (const { open, router } of routerObjects(facts, context.imports)) {
      for (const found of routerEntries(masked, open, '')) {
        if (found.kind !== 'procedure') continue
        const { entry } = found
        const end = facts.text.indexOf('\n', entry.keyOffset)
        const text = facts.text.slice(entry.keyOffset, end < 0 ? facts.text.length : end).replace(/\s+/g, ' ').trim().slice(0, 200)
        drafts.push({
          kind: 'http-route',
          framework: 'trpc',
          method: found.method,
          route: found.path,
          handler: router === '' ? found.path : `${router}.${found.path}`,
          row: rowOfOffset(facts.text, entry.keyOffset),
          offset: entry.keyOffset,
          text,
          ...(router === '' ? {} : { router }),
        })
      }
    }
    return drafts
  },
}

/** Sub-routers a tRPC router holds by name (`post: postRouter`, imported or of this file): mounted at their key. */
export function trpcMountFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language)) return []
  const masked = facts.masked || facts.text
  const out: MountFact[] = []
  for (const { open, router } of routerObjects(facts, imports)) {
    for (const found of routerEntries(masked, open, '')) {
      const { keyOffset } = found.entry
      if (found.kind === 'router') out.push({ target: found.target, prefix: `/${found.path.replace(/\./g, '/')}`, router, row: rowOfOffset(facts.text, keyOffset), offset: keyOffset })
    }
  }
  return out
}
