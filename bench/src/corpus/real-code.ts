/**
 * Real code that nobody on this project wrote, found on this machine: the shared corpus loader of
 * every bench script. Paths are discovered (python3's `sysconfig`, module resolution, the pnpm
 * store), never hard-coded, and every list comes back in a fixed order so runs are comparable.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { Document } from '@rag/core'

/** The workspace root (`/work/main` or wherever the checkout lives). */
export const WORKSPACE_ROOT = new URL('../../../', import.meta.url).pathname

/** Where a {@link RealCodeFile} comes from. */
export type RealCodeSource = 'python-stdlib' | 'rxjs' | 'typescript-lib' | 'node-modules' | 'c-headers'

/** One file of real code. */
export interface RealCodeFile {
  /** Absolute path. */
  readonly path: string
  /** A short, stable label: the path relative to its source's root, prefixed by the source. */
  readonly label: string
  /** Size in bytes. */
  readonly size: number
  readonly source: RealCodeSource
}

/** A file's label and decoded text. */
export interface LoadedFile {
  readonly label: string
  readonly content: string
}

/** Directory names skipped by every walk: caches, VCS data and nested package stores. */
const ALWAYS_SKIPPED = new Set(['__pycache__', '.git', 'site-packages', 'dist-packages'])

/** The standard library directory of the machine's `python3`, from `sysconfig`. */
export function pythonStdlibDir(): string {
  return execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim()
}

/** The TypeScript sources shipped in the `rxjs` package bench depends on (`rxjs/src`). */
export function rxjsSourceDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('rxjs/package.json')), 'src')
}

/**
 * Files below `dir` that `accept` keeps, depth first in code-unit order of names. Symbolic links
 * are never followed; {@link ALWAYS_SKIPPED} and `skipDirs` names are not entered. A missing
 * directory gives an empty list.
 */
export function walkFiles(dir: string, accept: (path: string) => boolean, skipDirs: ReadonlySet<string> = new Set(), out: string[] = []): string[] {
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch {
    return out
  }
  for (const name of names) {
    const path = join(dir, name)
    let stat
    try {
      stat = lstatSync(path)
    } catch {
      continue
    }
    if (stat.isDirectory()) {
      if (!ALWAYS_SKIPPED.has(name) && !skipDirs.has(name)) walkFiles(path, accept, skipDirs, out)
    } else if (stat.isFile() && accept(path)) {
      out.push(path)
    }
  }
  return out
}

function pnpmPackageDirs(prefix: string, inner: string): string[] {
  const pnpm = join(WORKSPACE_ROOT, 'node_modules/.pnpm')
  try {
    return readdirSync(pnpm)
      .filter((name) => name.startsWith(prefix))
      .sort()
      .map((name) => join(pnpm, name, 'node_modules', inner))
  } catch {
    return []
  }
}

function sourceRoots(source: RealCodeSource): { root: string; accept: (path: string) => boolean }[] {
  switch (source) {
    case 'python-stdlib':
      return [{ root: pythonStdlibDir(), accept: (p) => p.endsWith('.py') }]
    case 'rxjs':
      return [{ root: rxjsSourceDir(), accept: (p) => p.endsWith('.ts') }]
    case 'typescript-lib':
      return pnpmPackageDirs('typescript@', 'typescript/lib').map((root) => ({ root, accept: (p) => p.endsWith('.js') }))
    case 'node-modules':
      return [
        {
          root: join(WORKSPACE_ROOT, 'node_modules/.pnpm'),
          accept: (p) => /\.(c|m)?(j|t)s$/.test(p) && !p.endsWith('.d.ts') && !p.includes('/typescript/lib/'),
        },
      ]
    case 'c-headers':
      return [{ root: '/usr/include', accept: (p) => p.endsWith('.h') }]
  }
}

/** Options of {@link realCodeFiles}. */
export interface RealCodeOptions {
  /** Sources, in the order they are drawn from. */
  readonly sources: readonly RealCodeSource[]
  /** Stop once the listed files add up to this many bytes. @default Infinity */
  readonly maxBytes?: number
  /** Files larger than this are left out. @default 4 MiB */
  readonly maxFileBytes?: number
  /** Files smaller than this are left out. @default 1 */
  readonly minFileBytes?: number
  /** Directory names not entered, on top of caches and package stores. @default none */
  readonly skipDirs?: readonly string[]
  /**
   * `path`: each source in path order. `hashed`: all files of all sources in the order of a hash
   * of their labels, so every prefix (1x, 2x, 4x, ...) is a representative mix and the larger
   * prefixes contain the smaller ones.
   * @default 'path'
   */
  readonly order?: 'path' | 'hashed'
}

/** A stable 32-bit hash of a string (FNV-1a). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Real code files from the given sources, deduplicated by real content (the pnpm store holds the
 * same file under several versions), in a fixed order, up to `maxBytes`.
 *
 * @example
 * const files = realCodeFiles({ sources: ['python-stdlib'], maxBytes: 4e6, order: 'hashed' })
 */
export function realCodeFiles(options: RealCodeOptions): RealCodeFile[] {
  const { sources, maxBytes = Number.POSITIVE_INFINITY, maxFileBytes = 4 * 1024 * 1024, minFileBytes = 1, order = 'path' } = options
  const skipDirs = new Set(options.skipDirs ?? [])
  const all: RealCodeFile[] = []
  const seenLabels = new Set<string>()
  for (const source of sources) {
    for (const { root, accept } of sourceRoots(source)) {
      for (const path of walkFiles(root, accept, skipDirs)) {
        const size = lstatSync(path).size
        if (size < minFileBytes || size > maxFileBytes) continue
        const label = `${source}/${relative(root, path)}`
        if (seenLabels.has(label)) continue
        seenLabels.add(label)
        all.push({ path, label, size, source })
      }
    }
  }
  if (order === 'hashed') all.sort((a, b) => fnv1a(a.label) - fnv1a(b.label) || (a.label < b.label ? -1 : 1))
  const out: RealCodeFile[] = []
  const seenContent = new Set<string>()
  let bytes = 0
  for (const file of all) {
    if (bytes >= maxBytes) break
    const digest = createHash('sha1').update(readFileSync(file.path)).digest('hex')
    if (seenContent.has(digest)) continue
    seenContent.add(digest)
    out.push(file)
    bytes += file.size
  }
  return out
}

/**
 * Reads files as UTF-8, leaving out those that are not valid UTF-8 and minified bundles (more than
 * 160 characters per line on average), which nobody reads and which would skew chunk sizes.
 */
export function readRealCode(files: readonly RealCodeFile[]): LoadedFile[] {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const out: LoadedFile[] = []
  for (const file of files) {
    let content: string
    try {
      content = decoder.decode(readFileSync(file.path))
    } catch {
      continue
    }
    const lines = content.split('\n').length
    if (content.length / lines > 160) continue
    out.push({ label: file.label, content })
  }
  return out
}

/**
 * Fixed windows of `lines` lines (no tree-sitter), for measurements that must not depend on the
 * chunker; blank windows are skipped. At most `limit` chunks.
 */
export function lineChunks(files: readonly LoadedFile[], lines: number, limit = Number.POSITIVE_INFINITY): Document[] {
  const docs: Document[] = []
  for (const { label, content } of files) {
    const all = content.split('\n')
    for (let start = 0; start < all.length && docs.length < limit; start += lines) {
      const text = all.slice(start, start + lines).join('\n')
      if (text.trim().length === 0) continue
      docs.push({ id: `${label}#${start + 1}`, content: text, metadata: { file: label, startLine: start + 1, endLine: Math.min(all.length, start + lines) } })
    }
    if (docs.length >= limit) break
  }
  return docs
}
