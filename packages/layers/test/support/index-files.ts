import { readdirSync, readFileSync, type Dirent } from 'node:fs'
import { join, relative } from 'node:path'
import { createLayeredChunker } from '@rag/chunker'
import type { FileLayers } from '@rag/core'

const chunker = createLayeredChunker()

/**
 * Files below `root` that `accept` keeps (paths relative to `root`), never entering `node_modules`,
 * `dist` or dot directories. Entries are typed by the directory listing, not by a `stat` each: other
 * test runs in the same checkout create and delete files (vitest's `*.timestamp-*.mjs` beside a
 * config) between the listing and a `stat`.
 */
export function listFiles(root: string, accept: (path: string) => boolean, dir = root, out: string[] = []): string[] {
  for (const entry of entriesOf(dir).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const { name } = entry
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (entry.isDirectory()) listFiles(root, accept, path, out)
    else if (entry.isFile()) {
      const rel = relative(root, path).split('\\').join('/')
      if (accept(rel)) out.push(rel)
    }
  }
  return out
}

/** The entries of a directory; none when it vanished after its parent was listed (a test's scratch directory). */
function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** The layers of files read from disk, extracted by `@rag/chunker`'s layered chunker (the format is detected from the path). */
export async function layersOf(root: string, paths: readonly string[]): Promise<FileLayers[]> {
  const out: FileLayers[] = []
  for (const path of paths) {
    const content = readFileSync(join(root, path), 'utf8')
    const { layers } = await chunker.chunkWithLayers({ path, content, format: 'auto' })
    out.push(layers)
  }
  return out
}

/** The layers of files given as text (a small project written in a test). */
export async function layersOfText(files: Readonly<Record<string, string>>): Promise<FileLayers[]> {
  const out: FileLayers[] = []
  for (const [path, content] of Object.entries(files)) {
    const { layers } = await chunker.chunkWithLayers({ path, content, format: 'auto' })
    out.push(layers)
  }
  return out
}
