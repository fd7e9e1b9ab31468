import { parseBracketed, type Arg } from '../args.js'
import type { CallFact } from '../facts.js'
import { closingBracket } from './brackets.js'

/** Python's `super()` (and `super(Cls, self)`) as a receiver: the base class, like other languages' `super`. */
const SUPER_CALL = /^super\((?:[\w.]+,\w+)?\)$/
const SIMPLE_RECEIVER = /^[A-Za-z_$@\\][\w$]*(?:(?:\.|::|->|\\)#?[A-Za-z_$][\w$]*)*$/
/** A non-null assertion (`x!`, Kotlin's `x!!`) or an optional chain's `?` before a link, or at the end. */
const NULL_SAFE = /!+(?=\.|->|$)|\?(?=\.|->)/g
const ASSIGNED = /([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+?)?\s*(?::=|=)\s*(?:await\s+|new\s+|&)?$/

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

/**
 * `text[start .. end)` without its comments: where the masked code is blank (comments, string
 * contents, spaces), a character counts only inside a string (between quotes the mask keeps).
 */
function withoutComments(text: string, masked: string, start: number, end: number): string {
  const raw = text.slice(start, end)
  if (raw === masked.slice(start, end) || !/\/[*/]|#|--/.test(raw)) return raw
  let out = ''
  let quote = 0
  for (let i = start; i < end; i++) {
    const m = masked.charCodeAt(i)
    if (!isSpace(m)) {
      if (m === 34 || m === 39 || m === 96) quote = quote === 0 ? m : quote === m ? 0 : quote
      out += text[i]
    } else if (quote !== 0 || isSpace(text.charCodeAt(i))) out += text[i]
  }
  return out
}

/** A call site found in a file's masked text; its receiver and arguments are read from the original text on demand. */
export class TextCall implements CallFact {
  readonly name: string
  readonly simpleReceiver: string
  readonly row: number
  readonly offset: number
  readonly open: number
  readonly #text: string
  readonly #masked: string
  readonly #receiverEnd: number
  #close = -2
  #args: readonly Arg[] | undefined

  readonly decorator: boolean

  constructor(text: string, masked: string, name: string, row: number, start: number, hasReceiver: boolean, receiverEnd: number, open: number, decorator = false, nullSafe = false) {
    this.decorator = decorator
    this.#text = text
    this.#masked = masked
    this.open = open
    this.#receiverEnd = receiverEnd
    this.name = name
    this.row = row
    this.offset = start
    if (!hasReceiver) this.simpleReceiver = ''
    else {
      const written = receiverEnd - start <= 80 ? text.slice(start, receiverEnd).replace(/\s+/g, '') : ''
      const receiver = nullSafe ? written.replace(NULL_SAFE, '') : written
      this.simpleReceiver = SIMPLE_RECEIVER.test(receiver) ? receiver : SUPER_CALL.test(receiver) ? 'super' : '?'
    }
  }

  get receiver(): string {
    if (this.simpleReceiver !== '?') return this.simpleReceiver
    // `?` for a link of a builder chain whose start is out of reach: a method call on an expression.
    return withoutComments(this.#text, this.#masked, this.offset, this.#receiverEnd).replace(/\s+/g, '') || '?'
  }

  #closeAt(): number {
    if (this.#close === -2) this.#close = closingBracket(this.#masked, this.open)
    return this.#close
  }

  args(): readonly Arg[] {
    if (this.#args) return this.#args
    const close = this.#closeAt()
    // Comments between arguments are no part of them (`path('x/',  # the archive` then the view).
    this.#args = close < 0 ? [] : parseBracketed(withoutComments(this.#text, this.#masked, this.open, close + 1))
    return this.#args
  }

  text(): string {
    return this.#text.slice(this.offset, Math.min(this.end(), this.offset + 400)).replace(/\s+/g, ' ').trim().slice(0, 200)
  }

  end(): number {
    const close = this.#closeAt()
    return close < 0 ? this.open + 1 : close + 1
  }

  assignedTo(): string | undefined {
    const lineStart = this.#text.lastIndexOf('\n', this.offset - 1) + 1
    return ASSIGNED.exec(this.#text.slice(lineStart, this.offset))?.[1]
  }
}
