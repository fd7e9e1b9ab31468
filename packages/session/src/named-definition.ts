import type { Metadata } from '@rag/core'

/**
 * A query that is one name: `parseArgs`, `Document.findByPk`, `Foo::bar`, `Foo#bar`, PHP's
 * `App\Models\User::find`, `parse_args()`, Ruby's `favorited?` and `save!`, a Rust macro's `arg!`.
 */
const LONE_NAME = /^\\?([A-Za-z_$][\w$]*(?:(?:\.|::|#|\\)[A-Za-z_$][\w$]*)*\??)(?:\(\)|(!))?$/
/** What joins the parts of a qualified name as users write it. */
const SEPARATOR = /\.|::|#|\\/

/** Whether a qualified name (`models.Document.findByPk`, `Command::new`) is `name` or ends with it at a dot. */
function endsWithName(value: unknown, name: string): boolean {
  if (typeof value !== 'string') return false
  const dotted = value.replace(/::|#|\\/g, '.')
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
  const { written, name, bang } = lookedUp(query) ?? {}
  if (written === undefined || name === undefined) return undefined
  const parts = written.split(SEPARATOR)
  const qualified = parts.length > 1 ? parts.join('.') : undefined
  const owner = qualified === undefined ? undefined : parts.slice(0, -1).join('.')
  return (metadata) => {
    // Code only: a Markdown section titled like the name (`## Cookies`) defines nothing.
    if (metadata['format'] !== undefined && metadata['format'] !== 'code') return false
    // `save!` names Ruby's `save!` or a Rust macro `save`.
    if (metadata['symbol'] !== name && !(bang === true && metadata['symbol'] === `${name}!`)) {
      if (qualified === undefined) return listed(metadata['symbols'], name) || listed(metadata['defines'], name)
      // A small method merged into a neighbour's chunk: listed there, under its class.
      return listed(metadata['symbols'], name) && endsWithName(metadata['parent'], owner!)
    }
    // A namespace or package the chunk's qualified name does not hold (`App\User::feed` of PHP's `User.feed`): its class and name.
    return qualified === undefined || endsWithName(metadata['qname'], qualified) || (parts.length > 2 && endsWithName(metadata['qname'], parts.slice(-2).join('.')))
  }
}

/**
 * What a query that is one name looks up: the name as written (`Document.findByPk`, `arg` of
 * `arg!`) and its last part (`findByPk`), with `bang` when it ended in `!` (a Rust macro's `arg!`,
 * Ruby's `save!`: either may be meant), or `undefined`.
 */
export function lookedUp(query: string): { readonly written: string; readonly name: string; readonly bang?: true } | undefined {
  const match = LONE_NAME.exec(query.trim())
  const written = match?.[1]
  if (written === undefined) return undefined
  const name = written.split(SEPARATOR).at(-1)!
  return match?.[2] === undefined ? { written, name } : { written, name, bang: true }
}

/**
 * Whether a chunk that defines `name` holds its declaration: its own chunk, or, of a definition
 * cut for size, the piece with the declaration's head (`def stream_with_context(`: the first piece
 * may be only a doc comment); a merged chunk that only lists the name does not count.
 */
export function declares(metadata: Metadata, content: string, name: string): boolean {
  // (`save!` was looked up as `save`: Ruby's method keeps its `!`.)
  if (metadata['symbol'] !== name && metadata['symbol'] !== `${name}!`) return false
  if (typeof metadata['part'] !== 'number') return true
  const signature = typeof metadata['signature'] === 'string' ? metadata['signature'].replace(/\s+/g, ' ').trim() : ''
  if (signature === '') return metadata['part'] === 1
  const open = signature.indexOf('(')
  const head = open > 0 ? signature.slice(0, open + 1) : signature.slice(0, 40)
  return content.replace(/\s+/g, ' ').includes(head)
}
