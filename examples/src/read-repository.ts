import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Document } from '@rag/core'

const SKIP = new Set(['node_modules', 'dist', '.git', '.turbo', '.rag', 'results'])

/**
 * Reads the TypeScript and Markdown files under `root/folder` and cuts each into windows of `lines`
 * lines: paths stay relative to `root`; the simplest chunker there is, enough to show the retrieval packages working together
 * (`@rag/ingest` and `@rag/chunker` do this properly).
 */
export function readRepository(root: string, folder: string, lines = 40): Document[] {
  const docs: Document[] = []
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIP.has(entry.name)) continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) visit(full)
      else if (entry.isFile() && /\.(ts|md)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, full).split(sep).join('/')
        const text = readFileSync(full, 'utf8').split('\n')
        for (let start = 0; start < text.length; start += lines) {
          const end = Math.min(start + lines, text.length)
          docs.push({
            id: `${file}#L${start + 1}`,
            content: text.slice(start, end).join('\n'),
            metadata: { file, startLine: start + 1, endLine: end },
          })
        }
      }
    }
  }
  visit(join(root, folder))
  return docs
}
