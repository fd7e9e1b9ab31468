import { closing } from '../args.js'
import { backOverSpace } from './scan-calls.js'

/** One Python string literal, any prefix: `'x'`, `"x"`, `'''x'''`, `f"{a}"`, `rb'x'`. The bytes prefixes are captured. */
const PYTHON_STRING = /^(?:[rRuUfF]{0,2}|([bB][rR]?|[rR][bB]))(?:'''(?:(?!''')[\s\S])*'''|"""(?:(?!""")[\s\S])*"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")$/
/** One JavaScript or TypeScript string or template literal. */
const SCRIPT_STRING = /^(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)$/
/** One Java string literal or text block. */
const JAVA_STRING = /^(?:"(?:[^"\\\n]|\\.)*"|"""[\s\S]*""")$/

/** Characters a literal receiver may start with: quotes, brackets, Python's string prefixes. */
const LITERAL_START = /^(?:['"`[]|[rRuUfFbB]{1,2}['"])/

/** Words after which an expression starts (`return [a, b].map(f)`, `in ', '.join(x)`). */
const BEFORE_EXPRESSION = /(?:^|[^\w$])(?:return|yield|await|in|of|case|else|do|throw|typeof|void|and|or|not|is|if|elif|while|for)$/

/**
 * Whether the receiver starting at `offset` may be a literal (a cheap test before
 * {@link literalReceiverType}): it starts with a quote, a string prefix or a bracket, and an
 * expression starts there, so `[` is no index into what stands before it (`ctx[a][b]?.get()`,
 * whose chain the scanner leaves at the last `[`). `masked` is the file's masked code.
 */
export function mayBeLiteral(text: string, masked: string, offset: number): boolean {
  if (!LITERAL_START.test(text.slice(offset, offset + 3))) return false
  const at = backOverSpace(masked, offset)
  if (at < 0) return true
  const before = masked[at]!
  if (before === ')' || before === ']' || before === '}' || before === '.') return false
  return !/[\w$]/.test(before) || BEFORE_EXPRESSION.test(masked.slice(Math.max(0, at - 8), at + 1))
}

/** Whether `receiver` is one bracketed literal opening with `open`: its bracket closes at its end. */
function bracketed(receiver: string, open: string): boolean {
  return receiver.startsWith(open) && closing(receiver, 0) === receiver.length - 1
}

/**
 * The runtime class of a call's receiver written as one literal, as the language names it:
 * Python's `', '.join(names)` is `str`'s (`bytes` for `b''.join`), `[a, b].index(x)` `list`'s
 * (a receiver chain does not start at a `}`, so a dict's or set's literal is none); JavaScript's and TypeScript's
 * `'a,b'.split(',')` and `` `${a}`.trim() `` `String`'s, `[a, b].map(f)` `Array`'s; Java's
 * `"yes".equals(answer)` `String`'s. `undefined` for any other receiver or language.
 */
export function literalReceiverType(language: string, receiver: string): string | undefined {
  switch (language) {
    case 'python': {
      const string = PYTHON_STRING.exec(receiver)
      if (string) return string[1] === undefined ? 'str' : 'bytes'
      return bracketed(receiver, '[') ? 'list' : undefined
    }
    case 'javascript':
    case 'typescript':
    case 'tsx':
      if (SCRIPT_STRING.test(receiver)) return 'String'
      return bracketed(receiver, '[') ? 'Array' : undefined
    case 'java':
      return JAVA_STRING.test(receiver) ? 'String' : undefined
    default:
      return undefined
  }
}
