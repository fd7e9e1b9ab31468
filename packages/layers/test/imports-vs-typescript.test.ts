import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { ORACLE_TIMEOUT_MS, compareImports } from './support/agreement.js'
import { layersOf, listFiles } from './support/index-files.js'

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url))
const scratch: string[] = []
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

const isSource = (path: string): boolean => /\.(?:[cm]?ts|tsx)$/.test(path) && !path.endsWith('.d.ts')
const isManifest = (path: string): boolean => /(?:^|\/)(?:package\.json|tsconfig(?:\.[\w.-]+)?\.json|jsconfig\.json)$/.test(path)

/** Compiler options of the project a file belongs to: its nearest `tsconfig.json`, as `tsc` reads it. */
function optionsFor(file: string, cache: Map<string, ts.CompilerOptions>): ts.CompilerOptions {
  const config = ts.findConfigFile(dirname(file), ts.sys.fileExists, 'tsconfig.json')
  if (!config) return {}
  let options = cache.get(config)
  if (!options) {
    const read = ts.readConfigFile(config, ts.sys.readFile)
    options = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(config)).options
    cache.set(config, options)
  }
  return options
}

/** `dist/x.d.ts` -> `src/x.ts` in the same package, for a path of this repository's packages. */
function sourceOfOutput(path: string): string | undefined {
  const match = /^(.*[\\/](?:packages[\\/][^\\/]+|bench|examples))[\\/]dist[\\/](.+)\.d\.ts$/.exec(path)
  return match ? join(match[1]!, 'src', `${match[2]!}.ts`) : undefined
}

/** `realpathSync` for a path whose last parts may not exist yet: the real path of its nearest existing ancestor, plus the rest. */
function realpathOf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    const parent = dirname(path)
    return parent === path ? path : join(realpathOf(parent), basename(path))
  }
}

/**
 * `ts.sys`, except that a workspace package's declaration output counts as present when its source
 * is. TypeScript still does the real work (workspace links, `exports`, `types`); only whether
 * another CI task has built that package yet no longer changes the answer. (It did: imports of
 * `@rag/session` resolved to nothing while turbo was still building it.)
 */
const builtHost: ts.ModuleResolutionHost = {
  ...ts.sys,
  fileExists: (path) => {
    if (ts.sys.fileExists(path)) return true
    const source = sourceOfOutput(realpathOf(path))
    return source !== undefined && existsSync(source)
  },
  directoryExists: (path) => ts.sys.directoryExists!(path) || (/[\\/]dist$/.test(path) && ts.sys.directoryExists!(join(dirname(path), 'src'))),
}

/**
 * What TypeScript resolves each import of each file to (`ts.resolveModuleName` with the file's
 * project options), as a path relative to `root`, or `undefined` when it is not an indexed file of
 * the root. A workspace package's build output (`packages/x/dist/index.d.ts`, reached through
 * `node_modules`) is not indexed; its expected target is then its source (`packages/x/src/index.ts`)
 * when that exists, since that is what the index holds.
 */
function typescriptTargets(root: string, files: readonly string[], indexed: ReadonlySet<string>): Map<string, string | undefined> {
  const expected = new Map<string, string | undefined>()
  const cache = new Map<string, ts.CompilerOptions>()
  for (const file of files) {
    const absolute = join(root, file)
    const text = readFileSync(absolute, 'utf8')
    const options = optionsFor(absolute, cache)
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, absolute, options, builtHost).resolvedModule?.resolvedFileName
      let target: string | undefined
      if (resolved) {
        const rel = relative(root, realpathOf(resolved)).split('\\').join('/')
        if (!rel.startsWith('..') && indexed.has(rel)) target = rel
        else if (!rel.startsWith('..') && /(?:^|\/)dist\//.test(rel)) {
          const twin = rel.replace(/(^|\/)dist\//, '$1src/').replace(/\.d\.ts$|\.js$/, '.ts')
          if (indexed.has(twin)) target = twin
        }
      }
      expected.set(`${file} ${fileName}`, target)
    }
  }
  return expected
}

async function compareOver(root: string, files: string[]) {
  const manifests = listFiles(root, isManifest)
  const graph = new LayerGraph(await layersOf(root, [...files, ...manifests]))
  const indexed = new Set([...files, ...manifests])
  const expected = typescriptTargets(root, files, indexed)
  const actual = new Map<string, string | undefined>()
  for (const file of files) {
    for (const edge of graph.edgesOf(file)) {
      if (edge.kind !== 'imports') continue
      actual.set(`${file} ${edge.target}`, edge.resolution === 'resolved' ? edge.targetPath : undefined)
    }
  }
  return compareImports(expected, actual)
}

describe('import edges (C2) against TypeScript module resolution', () => {
  it('resolves this repository\'s own imports to the files TypeScript resolves them to', async () => {
    const files = listFiles(REPOSITORY, (p) => /^(?:packages\/[^/]+\/(?:src|test)|bench\/src|examples)\//.test(p) && isSource(p) && !p.includes('/fixtures/'))
    const result = await compareOver(REPOSITORY, files)
    console.log(`repository: ${result.right}/${result.inRoot} in-root imports resolved to TypeScript's file, ${result.wrong} to another`, result.missedSamples, result.wrongSamples)
    expect(result.inRoot).toBeGreaterThan(1000)
    expect(result.right / result.inRoot).toBeGreaterThanOrEqual(0.9)
    expect(result.wrong).toBe(0)
  }, ORACLE_TIMEOUT_MS)

  it('resolves rxjs\'s imports, including its tsconfig paths, to the files TypeScript resolves them to', async () => {
    const source = dirname(createRequire(import.meta.url).resolve('rxjs/package.json'))
    const root = mkdtempSync(join(tmpdir(), 'rag-layers-rxjs-'))
    scratch.push(root)
    cpSync(join(source, 'src'), join(root, 'src'), { recursive: true })
    for (const name of ['package.json', 'tsconfig.json']) if (existsSync(join(source, name))) cpSync(join(source, name), join(root, name))
    const files = listFiles(root, isSource)
    const result = await compareOver(root, files)
    console.log(`rxjs: ${result.right}/${result.inRoot} in-root imports resolved to TypeScript's file, ${result.wrong} to another`, result.missedSamples, result.wrongSamples)
    expect(result.inRoot).toBeGreaterThan(500)
    expect(result.right / result.inRoot).toBeGreaterThanOrEqual(0.9)
    expect(result.wrong).toBe(0)
  }, ORACLE_TIMEOUT_MS)
})
