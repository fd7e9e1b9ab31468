import { createHash } from 'node:crypto'

/** First 12 hex digits of the SHA-256 of a chunk's content: short, and collisions stay unlikely. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 12)
}

/**
 * Gives each chunk of one file an id that depends only on the file path, the chunk's label (its
 * qualified name, or its kind when it has none) and its own content, never on its position, so an
 * edit elsewhere in the file leaves it unchanged: `src/a.ts#Parser.parse@3f2a9c1b0d4e`. A repeat of
 * the same label and content in one file gets `~2`, `~3`, ... in file order.
 */
export function createIdAllocator(path: string): (label: string, content: string) => string {
  const seen = new Map<string, number>()
  return (label, content) => {
    const base = `${path}#${label}@${contentHash(content)}`
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count === 1 ? base : `${base}~${count}`
  }
}
