import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { rowOfOffset, type DetectContext } from './detector.js'

/** What a file-system route is: the framework that serves it, its method and its path. */
export interface FileRoute {
  readonly framework: string
  readonly method: string
  readonly route: string
}

/** A route served by one of the file's definitions (`export async function GET`), declared by it. */
export function definitionDraft(symbol: SymbolFact, route: FileRoute, handler: string = symbol.qname): EntrypointDraft {
  return { kind: 'http-route', ...route, handler, row: symbol.startRow, endRow: symbol.endRow, offset: symbol.start, text: symbol.signature, declaring: symbol }
}

/** A route declared by the statement at `offset` (`export { handler as GET }`), shown by its first line. */
export function statementDraft(text: string, offset: number, route: FileRoute, handler: string): EntrypointDraft {
  const end = text.indexOf('\n', offset)
  const line = text.slice(offset, end < 0 ? text.length : end).replace(/\s+/g, ' ').trim().slice(0, 200)
  return { kind: 'http-route', ...route, handler, row: rowOfOffset(text, offset), offset, text: line }
}

/** A default export that is not a definition: what a Pages Router API route serves. */
const DEFAULT_EXPORT = /^export\s+(?:default\b|\{[^}]*\bas\s+default\b)/m
/** The name a default export gives its component or handler: `export default function Page`, `export default Page`. */
const DEFAULT_NAME = /^export\s+default\s+(?:async\s+)?(?:function\s*\*?\s*(\w+)|class\s+(\w+)|(\w+)\s*;?\s*$)/m

/**
 * The route the file's default export serves: declared by the definition it names (`export
 * default function Page`, `export default Page`), else by the export statement with handler
 * `default` (`export default defineEventHandler(...)`); `undefined` without a default export.
 */
export function defaultExportDraft(context: DetectContext, route: FileRoute): EntrypointDraft | undefined {
  const { text, symbols } = context.facts
  const exported = DEFAULT_EXPORT.exec(text)
  if (!exported) return undefined
  const named = DEFAULT_NAME.exec(text.slice(exported.index))
  const name = named ? (named[1] ?? named[2] ?? named[3]) : undefined
  const symbol = name ? symbols.find((s) => !s.parent && s.name === name) : undefined
  return symbol ? definitionDraft(symbol, route) : statementDraft(text, exported.index, route, name ?? 'default')
}

/**
 * The routes a file serves by exporting functions named like methods (`export async function GET`,
 * `export const POST = ...`): `methods` maps each export's name to its method (`fallback`, `ALL`: `*`).
 */
export function exportedMethodDrafts(context: DetectContext, methods: ReadonlyMap<string, string>, framework: string, route: string): EntrypointDraft[] {
  return context.facts.symbols
    .filter((symbol) => !symbol.parent && symbol.exported && methods.has(symbol.name) && !DESTRUCTURING.test(symbol.signature))
    .map((symbol) => definitionDraft(symbol, { framework, method: methods.get(symbol.name) as string, route }))
}

/** A definition destructured from an object (`export const { GET, POST } = handlers`): its handler is the object's property (see {@link exportedMethods}). */
const DESTRUCTURING = /^(?:export\s+)?(?:const|let|var)\s*[{[]/

/** `export { handler as GET }`, `export { action } from './x.server'`: an export list, at a line's start. */
const EXPORT_LIST = /^export\s*\{([^}]*)\}/gm

/**
 * The names a file's export lists export, each with the local (or re-exported) name it stands for
 * and where its statement is: `export { handler as GET, loader }` gives `GET` for `handler` and
 * `loader` for itself.
 */
export function exportLists(text: string): { exported: string; local: string; offset: number }[] {
  const out: { exported: string; local: string; offset: number }[] = []
  for (const match of text.matchAll(EXPORT_LIST)) {
    for (const part of (match[1] as string).split(',')) {
      const named = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part)
      if (named) out.push({ exported: named[2] ?? (named[1] as string), local: named[1] as string, offset: match.index })
    }
  }
  return out
}

/** `export const { GET, POST } = handlers` (NextAuth v5's). */
const EXPORT_DESTRUCTURED = /^export\s+(?:const|let|var)\s*\{([^}]*)\}\s*=\s*([\w$.]+)/gm

/**
 * Methods a route file exports other than as definitions of its own, with where the export is:
 * under a method's name (`export { handler as GET }`: the handler is `handler`), re-exported from
 * another module (`export { GET, POST } from '../lib/items'`, `export { handle as POST } from
 * '$lib/h'`), or destructured from an object (`export const { GET, POST } = handlers`: `handlers.GET`).
 */
function exportedMethods(text: string, methods: ReadonlyMap<string, string>): { method: string; handler: string; offset: number }[] {
  const out: { method: string; handler: string; offset: number }[] = []
  for (const { exported, local, offset } of exportLists(text)) {
    const method = methods.get(exported)
    if (method !== undefined) out.push({ method, handler: local, offset })
  }
  for (const match of text.matchAll(EXPORT_DESTRUCTURED)) {
    for (const part of (match[1] as string).split(',')) {
      const name = /^\s*([A-Z]+)\s*$/.exec(part)?.[1]
      const method = name === undefined ? undefined : methods.get(name)
      if (method !== undefined) out.push({ method, handler: `${match[2]}.${name}`, offset: match.index })
    }
  }
  return out
}

/**
 * A route handler module's methods (Next.js's `route.ts`, SvelteKit's `+server.ts`): its exported
 * definitions named as methods, then the methods it exports otherwise (see {@link exportedMethods}).
 */
export function methodHandlerDrafts(context: DetectContext, methods: ReadonlyMap<string, string>, framework: string, route: string): EntrypointDraft[] {
  const drafts = exportedMethodDrafts(context, methods, framework, route)
  const { text } = context.facts
  const seen = new Set(drafts.map((draft) => draft.method))
  for (const { method, handler, offset } of exportedMethods(text, methods)) {
    if (seen.has(method)) continue
    seen.add(method)
    drafts.push(statementDraft(text, offset, { framework, method, route }, handler))
  }
  return drafts
}

/** The file's top-level exported definition named `name` (a function, or a constant holding one). */
export function exportedDefinition(context: DetectContext, name: string): SymbolFact | undefined {
  return context.facts.symbols.find((symbol) => !symbol.parent && symbol.exported && symbol.name === name)
}

/**
 * A path of folders as a route: route groups (`(shop)`) do not show in the URL, an intercepting
 * route's marker (Next.js's `(.)photo`, `(..)`, `(...)`) neither (it serves the intercepted URL),
 * and an `index` file is its folder's route.
 */
export function folderRoute(segments: readonly string[]): string {
  const shown = segments.map((segment) => segment.replace(/^(?:\(\.{1,3}\))+(?=.)/, '')).filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment))
  if (shown.at(-1) === 'index') shown.pop()
  return `/${shown.join('/')}`
}
