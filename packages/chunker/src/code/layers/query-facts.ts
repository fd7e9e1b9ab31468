import type { SyntaxNode } from '../syntax-node.js'
import { parseBracketed, stringArg, type Arg } from './args.js'
import type { CallFact, ImportFact, LiteralFact } from './facts.js'
import type { LayerFamily } from './family.js'

/** The part of a web-tree-sitter query this module uses. */
export interface FactQuery {
  matches(node: never, options?: { matchLimit?: number }): readonly { readonly captures: readonly { readonly name: string; readonly node: SyntaxNode }[] }[]
}

/** Calls, imports and literals found anywhere in a file. */
export interface QueryFacts {
  readonly calls: CallFact[]
  readonly imports: ImportFact[]
  readonly literals: LiteralFact[]
}

/** At most this many call sites per file are kept. */
const MAX_CALLS = 50_000
/** A receiver is read back at most this far from the callee's name (long chains keep their tail). */
const MAX_RECEIVER = 300

function isIdentifierCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127
}

/** The identifier that starts at `offset`. */
function identifierAt(text: string, offset: number): string {
  let end = offset
  while (end < text.length && isIdentifierCode(text.charCodeAt(end))) end++
  return text.slice(offset, end)
}

/** The end of a receiver: `nameStart` moved back over the joining `.`, `?.`, `::`, `->`, `\` and spaces. */
function receiverEnd(text: string, from: number, nameStart: number): number {
  let end = nameStart
  while (end > from && /[\s.:>?\\-]/.test(text[end - 1] as string)) end--
  return end
}

/**
 * The receiver when it is a plain (dotted) name: `pkg`, `this`, `os.path`, `$this`, `a::b`; `''`
 * for anything else (a call, an index, a literal).
 */
function simpleReceiver(text: string, from: number, nameStart: number): string {
  const end = receiverEnd(text, from, nameStart)
  if (end - from > 80 || end <= from) return ''
  for (let i = from; i < end; i++) {
    const code = text.charCodeAt(i)
    if (!isIdentifierCode(code) && code !== 46 && code !== 58 && code !== 64 && code !== 92 && code !== 45 && code !== 62) return ''
  }
  const receiver = text.slice(from, end)
  return /^[A-Za-z_$@\\][\w$]*(?:(?:\.|::|->|\\)[A-Za-z_$][\w$]*)*$/.test(receiver) ? receiver : ''
}

const ASSIGNED = /([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+?)?\s*(?::=|=)\s*(?:await\s+|new\s+|&)?$/

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1
}

class Call implements CallFact {
  readonly name: string
  readonly simpleReceiver: string
  readonly row: number
  readonly offset: number
  readonly #text: string
  readonly #node: SyntaxNode
  readonly #receiverStart: number
  readonly #nameStart: number
  readonly #argsNode: SyntaxNode | undefined
  #args: readonly Arg[] | undefined
  #receiver: string | undefined

  constructor(text: string, node: SyntaxNode, name: SyntaxNode, receiver: SyntaxNode | undefined, args: SyntaxNode | undefined) {
    this.#text = text
    this.#node = node
    this.#argsNode = args
    this.#nameStart = name.startIndex
    this.#receiverStart = receiver ? receiver.startIndex : -1
    this.name = identifierAt(text, name.startIndex) || text.slice(name.startIndex, name.endIndex)
    this.simpleReceiver = receiver ? simpleReceiver(text, receiver.startIndex, name.startIndex) || '?' : ''
    // The callee's own line: in a chain (`Router::new()\n  .route(...)`) the call starts at the chain's start.
    this.row = name.startPosition.row
    this.offset = node.startIndex
  }

  get receiver(): string {
    if (this.#receiver === undefined) {
      if (this.#receiverStart < 0) this.#receiver = ''
      else if (this.simpleReceiver !== '?') this.#receiver = this.simpleReceiver
      else {
        const from = Math.max(this.#receiverStart, this.#nameStart - MAX_RECEIVER)
        this.#receiver = this.#text.slice(from, receiverEnd(this.#text, from, this.#nameStart)).replace(/\s+/g, '')
      }
    }
    return this.#receiver
  }

  args(): readonly Arg[] {
    const node = this.#argsNode
    this.#args ??= node ? parseBracketed(this.#text.slice(node.startIndex, node.endIndex)) : []
    return this.#args
  }

  text(): string {
    return this.#text.slice(this.#node.startIndex, this.#node.endIndex).replace(/\s+/g, ' ').trim().slice(0, 200)
  }

  assignedTo(): string | undefined {
    const before = this.#text.slice(lineStartOf(this.#text, this.offset), this.offset)
    return ASSIGNED.exec(before)?.[1]
  }
}

/**
 * Runs a family's query over a parsed file once and reads its captures: call sites (name and
 * receiver from the text, arguments on demand), import statements (parsed by the family) and
 * composite literals.
 */
export function queryFacts(query: FactQuery, root: SyntaxNode, text: string, family: LayerFamily): QueryFacts {
  const calls: CallFact[] = []
  const imports: ImportFact[] = []
  const literals: LiteralFact[] = []
  for (const match of query.matches(root as never)) {
    let call: SyntaxNode | undefined
    let name: SyntaxNode | undefined
    let receiver: SyntaxNode | undefined
    let args: SyntaxNode | undefined
    let statement: SyntaxNode | undefined
    let source: SyntaxNode | undefined
    let literal: SyntaxNode | undefined
    let literalType: SyntaxNode | undefined
    let literalBody: SyntaxNode | undefined
    for (const capture of match.captures) {
      switch (capture.name) {
        case 'call': call = capture.node; break
        case 'call.name': name = capture.node; break
        case 'call.receiver': receiver = capture.node; break
        case 'call.args': args = capture.node; break
        case 'import': statement = capture.node; break
        case 'import.source': source = capture.node; break
        case 'literal': literal = capture.node; break
        case 'literal.type': literalType = capture.node; break
        case 'literal.body': literalBody = capture.node; break
      }
    }
    if (call && name) {
      if (calls.length >= MAX_CALLS) continue
      const fact = new Call(text, call, name, receiver, args)
      const imported = family.callImport?.(fact.name, fact.simpleReceiver, () => stringArg(fact.args(), 0))
      if (imported !== undefined) {
        imports.push({ specifier: imported, names: [], row: fact.row, endRow: fact.row, offset: fact.offset })
      } else calls.push(fact)
    } else if (statement && family.parseImport) {
      const row = statement.startPosition.row
      const endRow = source ? source.startPosition.row : row
      for (const parsed of family.parseImport(statement, source, text)) {
        imports.push({ ...parsed, row, endRow, offset: statement.startIndex })
      }
    } else if (literal && literalType && literalBody) {
      literals.push({
        type: text.slice(literalType.startIndex, literalType.endIndex).replace(/\s+/g, ''),
        args: parseBracketed(text.slice(literalBody.startIndex, literalBody.endIndex)),
        row: literal.startPosition.row,
        offset: literal.startIndex,
        text: text.slice(literal.startIndex, Math.min(literal.startIndex + 400, literalBody.endIndex)).replace(/\s+/g, ' ').slice(0, 200),
      })
    }
  }
  return { calls, imports, literals }
}
