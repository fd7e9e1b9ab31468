import type { ImportedName } from '@rag/core'
import type { CallFact } from './facts.js'
import { patternBindings, requireBindings } from './require-bindings.js'

/** How far before a use its declaration or `Promise.all([` may start. */
const LOOKBACK = 4_000

/** `const load = () => import(`, with a return type, `async`, and a cache (`(cached ??= import(`). */
const ARROW_LOADER = /(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?\([^()]*\)\s*(?::[^=;]*)?=>\s*(?:\(\s*)?(?:[\w$.#]+\s*\?\?=\s*)?(?:await\s+)?$/
/** `function load() { return import(`, also `async` and with a return type. */
const FUNCTION_LOADER = /function\s+([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*(?::[^{;]*)?\{\s*return\s+(?:\(\s*)?(?:[\w$.#]+\s*\?\?=\s*)?(?:await\s+)?$/
/** `.then(({ a }) =>`, `.then((m) =>`, `.then(m =>`, `.then(async ({ a }) =>`, `.then(function ({ a }) {` right after the use. */
const THEN = /^\s*\.\s*then\(\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?(?:\(\s*(\{[^{}]*\}|[A-Za-z_$][\w$]*)\s*[,)]|([A-Za-z_$][\w$]*)\s*=>)/
/** `(await ` right before the use. */
const AWAITED = /\(\s*await\s+$/
/** `).a.b(` right after the use: the members read off the awaited module, up to a call. */
const AWAITED_MEMBERS = /^\s*\)((?:\s*\.\s*[A-Za-z_$][\w$]*)+)\s*\(/
/** `Promise.all(` right before an array. */
const PROMISE_ALL = /\bPromise\s*\.\s*all\s*\(\s*$/
/** `const [a, { b }] = await ` right before `Promise.all(`. */
const DESTRUCTURED_ARRAY = /(?:const|let|var)\s+\[([^[\]]*)\]\s*=\s*(?:await\s+)?$/

/** A dynamic `import('./x')` (or `require`) call moved to the imports, and the names its import binds (extended in place). */
export interface DynamicImport {
  readonly call: CallFact
  readonly names: ImportedName[]
}

/**
 * Reads what a dynamic import's value binds where no declaration stands right before the call
 * (`requireBindings` reads those), so calls through it resolve like calls of a static import's names:
 * - `import('./x').then(({ a }) => a())` and `.then((m) => m.a())`;
 * - `const [p, { a }] = await Promise.all([p0, import('./x')])`;
 * - `(await import('./x')).a()`: that call becomes a plain call of the imported `a`, and
 *   `(await import('./x')).A.b()` a call of `b` on the imported `A`;
 * - all of these, and `const { a } = await load()`, through a loader the file declares:
 *   `const load = () => import('./x')` (also `(cached ??= import('./x'))` and
 *   `function load() { return import('./x') }`).
 *
 * Adds the names to each import's `names`; returns `calls` with the calls on an awaited module
 * made plain. `masked` is the file's text with comments and strings blanked.
 */
export function bindDynamicImports(masked: string, imports: readonly DynamicImport[], calls: readonly CallFact[]): CallFact[] {
  const direct = new Map<CallFact, CallFact>()
  for (const { call, names } of imports) {
    const loader = loaderName(masked, call.offset)
    const loads = loader === undefined ? [] : calls.filter((c) => c.name === loader && c.simpleReceiver === '')
    for (const use of loads) names.push(...requireBindings(masked, use.offset))
    for (const use of [call, ...loads]) {
      names.push(...thenBindings(masked, use.end()), ...promiseAllBindings(masked, use.offset))
      const member = awaitedMember(masked, use)
      if (member === undefined) continue
      // A call's offset is where its receiver starts: here, the parenthesis of `(await`.
      let called: CallFact | undefined
      for (const c of calls) {
        if (c.name === member.callee && c.simpleReceiver === '?' && c.offset <= member.open && c.end() > member.calleeAt && (called === undefined || c.offset > called.offset)) called = c
      }
      if (called === undefined) continue
      names.push({ name: member.bound })
      direct.set(called, withReceiver(called, member.receiver))
    }
    // Each name once, however many uses bind it.
    const seen = new Set<string>()
    const distinct = names.filter(({ name, alias }) => !seen.has(`${name} ${alias ?? ''}`) && seen.add(`${name} ${alias ?? ''}`))
    names.splice(0, names.length, ...distinct)
  }
  return direct.size === 0 ? [...calls] : calls.map((c) => direct.get(c) ?? c)
}

/** The name of the loader whose body the import at `offset` is, if it is one. */
function loaderName(masked: string, offset: number): string | undefined {
  const before = masked.slice(Math.max(0, offset - 300), offset)
  return ARROW_LOADER.exec(before)?.[1] ?? FUNCTION_LOADER.exec(before)?.[1]
}

function thenBindings(masked: string, end: number): ImportedName[] {
  const then = THEN.exec(masked.slice(end, end + 300))
  const pattern = then?.[1] ?? then?.[2]
  return pattern === undefined ? [] : patternBindings(pattern)
}

/** The names the element of a destructured `await Promise.all([...])` at the use's position binds. */
function promiseAllBindings(masked: string, offset: number): ImportedName[] {
  const element = arrayElement(masked, offset)
  if (element === undefined) return []
  const before = masked.slice(Math.max(0, element.open - LOOKBACK), element.open)
  const all = PROMISE_ALL.exec(before)
  if (all === null) return []
  const pattern = DESTRUCTURED_ARRAY.exec(before.slice(0, all.index))?.[1]
  const bound = pattern === undefined ? undefined : topLevelParts(pattern)[element.index]
  return bound === undefined ? [] : patternBindings(bound.split('=')[0]!)
}

/** Where the array literal holding `offset` at its top level opens, and which element holds it. */
function arrayElement(masked: string, offset: number): { open: number; index: number } | undefined {
  let depth = 0
  let commas = 0
  for (let at = offset - 1; at >= Math.max(0, offset - LOOKBACK); at--) {
    const c = masked[at]
    if (c === ')' || c === ']' || c === '}') depth++
    else if (c === '(' || c === '{') {
      if (depth === 0) return undefined
      depth--
    } else if (c === '[') {
      if (depth === 0) return { open: at, index: commas }
      depth--
    } else if (c === ',' && depth === 0) commas++
    else if (c === ';' && depth === 0) return undefined
  }
  return undefined
}

/** `text` split at its commas outside braces and brackets. */
function topLevelParts(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let at = 0; at < text.length; at++) {
    const c = text[at]
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, at))
      start = at + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((part) => part.trim())
}

/**
 * For `(await use).a(` the call of `a` becomes plain and binds `a`; for `(await use).A.b(` the call
 * of `b` gets the receiver `A` and binds `A`.
 */
function awaitedMember(masked: string, use: CallFact): { open: number; callee: string; calleeAt: number; receiver: string; bound: string } | undefined {
  const before = masked.slice(Math.max(0, use.offset - 40), use.offset)
  const awaited = AWAITED.exec(before)
  if (awaited === null) return undefined
  const end = use.end()
  const after = AWAITED_MEMBERS.exec(masked.slice(end, end + 300))
  if (after === null) return undefined
  const chain = after[1]!
  const names = chain.split('.').map((name) => name.trim()).filter((name) => name !== '')
  const callee = names[names.length - 1]!
  return { open: use.offset - before.length + awaited.index, callee, calleeAt: end + after[0].lastIndexOf(callee), receiver: names.slice(0, -1).join('.'), bound: names[0]! }
}

/** `call` with a plain receiver (`''`: none) in place of the expression it had. */
function withReceiver(call: CallFact, receiver: string): CallFact {
  return {
    name: call.name,
    receiver,
    simpleReceiver: receiver,
    row: call.row,
    offset: call.offset,
    open: call.open,
    args: () => call.args(),
    text: () => call.text(),
    assignedTo: () => call.assignedTo(),
    end: () => call.end(),
    ...(call.decorator ? { decorator: true } : {}),
  }
}
