import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The workspace's own rules for who may wire a pipeline (issue 16, STYLE.md): @rag/session is the
// one glue; the shells parse, configure, print and transport; every other published package
// depends on @rag/core and at most one other pipeline package.

const PACKAGES = join(import.meta.dirname, '..', '..', 'packages')

/** Packages that make up a retrieval pipeline (stages, streams, stores of ranked text). */
const PIPELINE = new Set(['@rag/ingest', '@rag/chunker', '@rag/bm25', '@rag/kb-tfidf', '@rag/hybrid', '@rag/prompt', '@rag/vector', '@rag/router', '@rag/rank'])
/** Packages that are user-facing surfaces over @rag/session. */
const SHELLS = new Set(['@rag/cli', '@rag/server', '@rag/mcp'])
/** What a shell may import: the glue, the contracts, a store to open, another shell to start. */
const SHELL_MAY_USE = new Set(['@rag/session', '@rag/core', '@rag/store-sqlite', '@rag/store-postgres', ...SHELLS])

interface Manifest {
  readonly name: string
  readonly private?: boolean
  readonly dependencies?: Record<string, string>
  readonly devDependencies?: Record<string, string>
}

function manifests(): Manifest[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => JSON.parse(readFileSync(join(PACKAGES, entry.name, 'package.json'), 'utf8')) as Manifest)
}

function ragDependencies(manifest: Manifest): string[] {
  return Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@rag/'))
}

/** Every `@rag/...` module named in a package's sources, static or dynamic import. */
function importedModules(dir: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full)
      } else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'(@rag\/[a-z0-9-]+)'/g)) {
          found.set(match[1]!, [...(found.get(match[1]!) ?? []), full])
        }
      }
    }
  }
  walk(join(dir, 'src'))
  return found
}

describe('import boundaries', () => {
  it('keeps the shells on @rag/session: no shell depends on or imports a pipeline package', () => {
    for (const manifest of manifests().filter((m) => SHELLS.has(m.name))) {
      expect({ name: manifest.name, deps: ragDependencies(manifest).filter((dep) => !SHELL_MAY_USE.has(dep)) }).toEqual({ name: manifest.name, deps: [] })
      const dir = join(PACKAGES, manifest.name.slice('@rag/'.length))
      const imported = [...importedModules(dir).keys()].filter((name) => !SHELL_MAY_USE.has(name) && name !== '@rag/test-utils')
      expect({ name: manifest.name, imported }).toEqual({ name: manifest.name, imported: [] })
    }
  })

  it('lets no published package but @rag/session depend on more than one pipeline package', () => {
    for (const manifest of manifests().filter((m) => m.private !== true && m.name !== '@rag/session')) {
      const pipeline = ragDependencies(manifest).filter((dep) => PIPELINE.has(dep))
      expect({ name: manifest.name, pipeline: pipeline.length <= 1 ? 'ok' : pipeline }).toEqual({ name: manifest.name, pipeline: 'ok' })
    }
  })

  it('keeps @rag/core free of runtime dependencies', () => {
    const core = manifests().find((m) => m.name === '@rag/core')!
    expect(Object.keys(core.dependencies ?? {})).toEqual([])
  })
})
