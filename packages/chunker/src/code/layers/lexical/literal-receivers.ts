import { closing } from '../args.js'

/** One Python string literal, any prefix: `'x'`, `"x"`, `'''x'''`, `f"{a}"`, `rb'x'`. The bytes prefixes are captured. */
const PYTHON_STRING = /^(?:[rRuUfF]{0,2}|([bB][rR]?|[rR][bB]))(?:'''(?:(?!''')[\s\S])*'''|"""(?:(?!""")[\s\S])*"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")$/
/** One JavaScript or TypeScript string or template literal. */
const SCRIPT_STRING = /^(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)$/
/** One Java string literal or text block. */
const JAVA_STRING = /^(?:"(?:[^"\\\n]|\\.)*"|"""[\s\S]*""")$/

/** Characters a literal receiver may start with: quotes, brackets, Python's string prefixes. */
const LITERAL_START = /^(?:['"`[]|[rRuUfFbB]{1,2}['"])/

/** Whether the receiver starting at `offset` of `text` may be a literal (a cheap test before {@link literalReceiverType}). */
export function mayBeLiteral(text: string, offset: number): boolean {
  return LITERAL_START.test(text.slice(offset, offset + 3))
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
