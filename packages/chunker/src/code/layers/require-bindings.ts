import type { ImportedName } from '@rag/core'

/** How far before a `require(` call its declaration may start (a long destructuring list). */
const LOOKBACK = 4_000
/** `const { a, b: c } =` or `let x =` (optionally `await`) right before the call. */
const DECLARED = /(?:const|let|var)\s+(\{[^{}]*\}|[A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?$/
/**
 * A later declarator of a list of requires, `var app = require('./app')\n  , request = require('supertest')`
 * (Express writes its requires so): group 1 its name, every declarator before it a `require`.
 */
const LISTED = /(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*require\s*\([^()]*\)(?:\s*,\s*[A-Za-z_$][\w$]*\s*=\s*require\s*\([^()]*\))*\s*,\s*([A-Za-z_$][\w$]*)\s*=\s*$/
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
/** `module.exports.x =` or `exports.x =` right before the call (group 1 the name). */
const EXPORTED_AS = /(?:^|[^\w$.])(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=\s*$/
/** `module.exports = { ..., x: ` right before the call, in the object's own braces (group 1 the key). */
const EXPORTED_KEY = /(?:^|[^\w$.])(?:module\.)?exports\s*=\s*\{[^{}]*?(?:^|[{,\s])([A-Za-z_$][\w$]*)\s*:\s*$/
/** A member of the call's value right after it (group 1), and whether the expression goes on past it (group 2: a call, an index, a deeper member). */
const MEMBER_AFTER = /^\s*\.\s*([A-Za-z_$][\w$]*)(\s*(?:\?\.|[.([]))?/

/** What may follow a call whose value is used further: a member, a call, an index (`require('./x').y`). */
const USED_FURTHER = /^\s*(?:\?\.|[.([])/

/**
 * The names a CommonJS `require(...)` (or a dynamic `import(...)`) binds when its value is
 * declared: `const x = require('./y')` binds the module as `x` (`*`, like `import * as x`), as
 * does a later declarator of a list of requires (`var a = require('./a'), x = require('./y')`),
 * `const { a, b: c } = require('./y')` binds `a` and `b` as `c`. `masked` is the file's text with
 * comments and strings blanked; `offset` is where the callee's name starts. A member of the
 * module declared so, `const methods = require('./utils').methods`, binds that member as the name,
 * when `end` (just past the call) is given (a deeper expression, `require('node:util').promisify(f)`,
 * still binds the module). Nothing for a call whose value is not declared so
 * (`require('./polyfill')`, `module.exports = require('./x')`).
 *
 * @example
 * requireBindings('const { parse, run: go } = require(...)', 34) // [{ name: 'parse' }, { name: 'run', alias: 'go' }]
 */
export function requireBindings(masked: string, offset: number, end?: number): ImportedName[] {
  const before = masked.slice(Math.max(0, offset - LOOKBACK), offset)
  const declared = DECLARED.exec(before)?.[1] ?? (before.trimEnd().endsWith('=') ? LISTED.exec(before)?.[1] : undefined)
  if (declared === undefined) return []
  // `const methods = require('./utils').methods`: the module's member, not the module.
  const member = end === undefined || !IDENTIFIER.test(declared) ? undefined : MEMBER_AFTER.exec(masked.slice(end, end + 200))
  if (member && member[2] === undefined) return [{ name: member[1] as string, alias: declared }]
  return patternBindings(declared)
}

/**
 * The names a binding pattern binds to a module's value: a variable binds the module (`*`, like
 * `import * as x`), an object pattern `{ a, b: c, d = 1, ...rest }` binds `a`, `b` as `c` and `d`.
 * Nested patterns and computed keys bind nothing.
 */
export function patternBindings(pattern: string): ImportedName[] {
  const trimmed = pattern.trim()
  if (IDENTIFIER.test(trimmed)) return [{ name: '*', alias: trimmed }]
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}') || trimmed.slice(1, -1).includes('{')) return []
  const names: ImportedName[] = []
  for (const part of trimmed.slice(1, -1).split(',')) {
    const [key = '', local] = part.split('=')[0]!.split(':').map((s) => s.trim())
    if (!IDENTIFIER.test(key)) continue
    names.push(local !== undefined && IDENTIFIER.test(local) && local !== key ? { name: key, alias: local } : { name: key })
  }
  return names
}

/**
 * The name under which a CommonJS module re-exports the module it requires as a whole:
 * `module.exports.userService = require('./user.service')`, `exports.x = require('./x')` and a key
 * of `module.exports = { userService: require('./user.service') }` (a barrel of services) bind the
 * module as `*` with that name, as `export * as userService from './user.service'` does, so a call
 * through the barrel (`userService.createUser()` of `const { userService } = require('./services')`)
 * reaches the module's definition. Nothing when the call's value is used further
 * (`require('./x').y`, a member: see the exports' own symbols). `masked` is the file's text with
 * comments and strings blanked; `offset` is where the callee's name starts, `end` just past the call.
 */
export function exportedRequireBindings(masked: string, offset: number, end: number): ImportedName[] {
  const before = masked.slice(Math.max(0, offset - LOOKBACK), offset)
  const name = EXPORTED_AS.exec(before)?.[1] ?? EXPORTED_KEY.exec(before)?.[1]
  return name === undefined || USED_FURTHER.test(masked.slice(end, end + 20)) ? [] : [{ name: '*', alias: name }]
}
