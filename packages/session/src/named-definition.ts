import type { Metadata } from '@rag/core'

/** A query that is one name: `parseArgs`, `Document.findByPk`, `Foo::bar`, `Foo#bar`, `parse_args()`, a Rust macro's `arg!`. */
const LONE_NAME = /^([A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*)(?:\(\)|!)?$/

/** Whether a qualified name (`models.Document.findByPk`, `Command::new`) is `name` or ends with it at a dot. */
function endsWithName(value: unknown, name: string): boolean {
  if (typeof value !== 'string') return false
  const dotted = value.replace(/::|#/g, '.')
  return dotted === name || dotted.endsWith(`.${name}`)
}

/** Whether a comma-separated metadata list holds `name`. */
const listed = (list: unknown, name: string): boolean => typeof list === 'string' && list.split(',').some((each) => each.trim() === name)

/**
 * For a query that is nothing but a name (what a user types to look a definition up), the test of
 * a chunk that defines it: its `symbol` is the name's last part and, for a qualified name, its
 * `qname` is the name or ends with it (`Document.findByPk` matches the method `findByPk` of
 * `Document`, `models.Document.findByPk` too); a merged chunk that lists the name among its
 * `symbols` (for a qualified name, under that class), or module-level code that assigns it
 * (`defines`), defines an unqualified one; a Markdown section is no definition. Every
 * piece of a symbol cut for size counts (the first may hold only its doc comment, the next its
 * declaration and body). `undefined` for any other query.
 *
 * @example
 * namedDefinition('Document.findByPk')?.({ symbol: 'findByPk', qname: 'Document.findByPk' }) // true
 * namedDefinition('how does findByPk work') // undefined
 */
export function namedDefinition(query: string): ((metadata: Metadata) => boolean) | undefined {
  const { written, name } = lookedUp(query) ?? {}
  if (written === undefined || name === undefined) return undefined
  const parts = written.split(/\.|::|#/)
  const qualified = parts.length > 1 ? parts.join('.') : undefined
  const owner = qualified === undefined ? undefined : parts.slice(0, -1).join('.')
  return (metadata) => {
    // Code only: a Markdown section titled like the name (`## Cookies`) defines nothing.
    if (metadata['format'] !== undefined && metadata['format'] !== 'code') return false
    if (metadata['symbol'] !== name) {
      if (qualified === undefined) return listed(metadata['symbols'], name) || listed(metadata['defines'], name)
      // A small method merged into a neighbour's chunk: listed there, under its class.
      return listed(metadata['symbols'], name) && endsWithName(metadata['parent'], owner!)
    }
    return qualified === undefined || endsWithName(metadata['qname'], qualified)
  }
}

/** What a query that is one name looks up: the name as written (`Document.findByPk`, `arg` of `arg!`) and its last part (`findByPk`), or `undefined`. */
export function lookedUp(query: string): { readonly written: string; readonly name: string } | undefined {
  const written = LONE_NAME.exec(query.trim())?.[1]
  return written === undefined ? undefined : { written, name: written.split(/\.|::|#/).at(-1)! }
}

/**
 * Whether a chunk that defines `name` holds its declaration: its own chunk, or, of a definition
 * cut for size, the piece with the declaration's head (`def stream_with_context(`: the first piece
 * may be only a doc comment); a merged chunk that only lists the name does not count.
 */
export function declares(metadata: Metadata, content: string, name: string): boolean {
  if (metadata['symbol'] !== name) return false
  if (typeof metadata['part'] !== 'number') return true
  const signature = typeof metadata['signature'] === 'string' ? metadata['signature'].replace(/\s+/g, ' ').trim() : ''
  if (signature === '') return metadata['part'] === 1
  const open = signature.indexOf('(')
  const head = open > 0 ? signature.slice(0, open + 1) : signature.slice(0, 40)
  return content.replace(/\s+/g, ' ').includes(head)
}
