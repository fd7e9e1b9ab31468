import type { CallFact } from '../facts.js'

/** `const api = ` / `let mut api = ` / `api = ` at the start of the statement a chain begins. */
const CHAIN_HEAD = /^\s*(?:export\s+)?(?:(?:const|let|var)\s+(?:mut\s+)?)?([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=(?![=>])/

/**
 * The router a mount or route call is made on: its receiver when a plain name, else the variable
 * its chain is assigned to (`const api = Router().use(a).use(b)`, over several lines too), else `''`.
 */
export function mountingRouter(call: CallFact, text: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(call.receiver)) return call.receiver
  // Back to the line the chain starts on: lines that begin with `.` continue the one above.
  let lineStart = text.lastIndexOf('\n', call.offset - 1) + 1
  while (lineStart > 0 && /^\s*[.)]/.test(text.slice(lineStart, lineStart + 200))) lineStart = text.lastIndexOf('\n', lineStart - 2) + 1
  return CHAIN_HEAD.exec(text.slice(lineStart, call.offset))?.[1] ?? ''
}
