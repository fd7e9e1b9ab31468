import type { FileLayers, ProjectManifest, RawEdge } from '@rag/core'
import { ancestors, dirOf, joinPath } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

type TsConfig = Extract<ProjectManifest, { kind: 'tsconfig' }>
type PackageJson = Extract<ProjectManifest, { kind: 'package-json' }>

const TS_EXTENSIONS = ['.ts', '.tsx', '.d.ts']
const JS_EXTENSIONS = ['.js', '.jsx', '.mjs', '.cjs']
const COMPONENT_EXTENSIONS = ['.vue', '.svelte']
/** A JavaScript extension in a specifier names its TypeScript source first (`./a.js` is `./a.ts`). */
const SOURCE_OF: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
}
const KNOWN_EXTENSION = /\.(?:d\.[cm]?ts|[cm]?[jt]sx?|json|css|scss|svg|vue|svelte|astro|mdx?)$/

/**
 * The files a relative or mapped specifier may name, in the order TypeScript tries them; `entries`
 * are the entry points the directory's own `package.json` names (tried before its index files).
 * The root directory is `''` (`require('../..')` from two levels down).
 */
export function fileCandidates(base: string, entries: readonly string[] = []): string[] {
  const out: string[] = []
  const index = base === '' ? 'index' : `${base}/index`
  if (base !== '') {
    const known = KNOWN_EXTENSION.exec(base)
    if (known) {
      const stem = base.slice(0, -known[0].length)
      for (const ext of SOURCE_OF[known[0]] ?? []) out.push(stem + ext)
      out.push(base)
    }
    for (const ext of TS_EXTENSIONS) out.push(base + ext)
  }
  out.push(...entries)
  for (const ext of TS_EXTENSIONS) out.push(index + ext)
  if (base !== '') for (const ext of JS_EXTENSIONS) out.push(base + ext)
  for (const ext of JS_EXTENSIONS) out.push(index + ext)
  if (base !== '') out.push(`${base}.json`)
  // Single-file components, which Vue CLI's and many Vite configs' `resolve.extensions` add (`@/layout` is `src/layout/index.vue`).
  if (base !== '') for (const ext of COMPONENT_EXTENSIONS) out.push(base + ext)
  for (const ext of COMPONENT_EXTENSIONS) out.push(index + ext)
  return out.filter((p) => !p.startsWith('/'))
}

const DECLARATION = /\.d\.[cm]?ts$/

/**
 * Candidates with the declaration files last: a JavaScript file's `require('..')` loads the
 * package's `main` (`index.js`), which its `types` (`index.d.ts`) only describes.
 */
function declarationsLast(candidates: readonly string[]): string[] {
  return [...candidates.filter((c) => !DECLARATION.test(c)), ...candidates.filter((c) => DECLARATION.test(c))]
}

/** The entry points a directory's `package.json` names (`types`, `main`, `exports['.']`, ...) with their sources' candidates; none without one. */
function directoryEntries(dir: string, context: ResolveContext): string[] {
  const path = dir === '' ? 'package.json' : `${dir}/package.json`
  if (!context.has(path)) return []
  const manifest = context.manifestAt(path, 'package-json') as PackageJson | undefined
  const out: string[] = []
  for (const target of manifest?.entries['.'] ?? []) {
    const entry = joinPath(dir, target)
    if (entry !== undefined && entry !== '') out.push(...fileCandidates(entry), ...sourceTwins(entry))
  }
  return out
}

/** A build output's source twin: `dist/index.d.ts` may be built from `src/index.ts`. */
function sourceTwins(path: string): string[] {
  const match = /^(.*?)(?:^|\/)(?:dist|lib|build|out|esm|cjs|types|es)\/(.*?)(?:\.d)?\.[cm]?[jt]sx?$/.exec(path)
  if (!match) return []
  const root = match[1] ? `${match[1]}/` : ''
  return fileCandidates(`${root}src/${match[2]}`)
}

function tryCandidates(candidates: readonly string[], context: ResolveContext, probes: string[]): string | undefined {
  for (const candidate of candidates) {
    if (context.has(candidate)) return candidate
    probes.push(candidate)
  }
  return undefined
}

/** The options in effect for a config. */
interface EffectiveConfig {
  readonly baseUrl?: string
  readonly paths?: { readonly map: Readonly<Record<string, readonly string[]>>; readonly dir: string }
}

/**
 * The config an `extends` names: a path relative to the config (`./base`, `../tsconfig.base.json`),
 * or a workspace package's (`@acme/tsconfig/base.json`; `@acme/tsconfig` is its `tsconfig.json`).
 */
function extendedConfig(parent: string, from: string, context: ResolveContext): string | undefined {
  if (parent.startsWith('.')) {
    const resolved = joinPath(dirOf(from), parent)
    return resolved === undefined ? undefined : context.has(resolved) ? resolved : `${resolved}.json`
  }
  const pkg = workspacePackage(parent, context)
  if (pkg === undefined) return undefined
  const file = pkg.subpath === '.' ? 'tsconfig.json' : pkg.subpath.slice(2)
  const path = joinPath(pkg.dir, file)
  return path === undefined ? undefined : context.has(path) ? path : `${path}.json`
}

/**
 * The options in effect for a config: its own, over those of the configs it extends (in the
 * index). `${configDir}` in a path stands for the directory of the config the file's project uses
 * (TypeScript 5.5), `top`.
 */
function effectiveConfig(path: string, context: ResolveContext, depth = 0, top = dirOf(path)): EffectiveConfig {
  const manifest = context.manifestAt(path, 'tsconfig')
  if (!manifest || depth > 8) return {}
  let inherited: EffectiveConfig = {}
  for (const parent of manifest.extends) {
    const target = extendedConfig(parent, path, context)
    if (target !== undefined) inherited = { ...inherited, ...effectiveConfig(target, context, depth + 1, top) }
  }
  const own = manifest as TsConfig
  const dir = dirOf(path)
  const baseUrl = own.baseUrl !== undefined ? joinPath(dir, withConfigDir(own.baseUrl, dir, top)) : inherited.baseUrl
  // `paths` are relative to `baseUrl` when one is in effect, else to the config that declares them.
  const map = own.paths === undefined ? undefined : Object.fromEntries(Object.entries(own.paths).map(([pattern, targets]) => [pattern, targets.map((target) => withConfigDir(target, baseUrl ?? dir, top))]))
  const paths = map ? { map, dir: baseUrl ?? dir } : inherited.paths
  return { ...(baseUrl !== undefined ? { baseUrl } : {}), ...(paths ? { paths } : {}) }
}

/** `${configDir}/src/*` as a path relative to `base` (where the config's paths are joined), for the config in `top`. */
function withConfigDir(target: string, base: string, top: string): string {
  if (!target.startsWith('${configDir}')) return target
  const rest = target.slice('${configDir}'.length).replace(/^\//, '')
  const up = base === '' ? [] : base.split('/').map(() => '..')
  return [...up, ...(top === '' ? [] : [top]), rest].filter((part) => part !== '').join('/') || '.'
}

/**
 * The project config of a file: the nearest `tsconfig.json` (or `jsconfig.json`) at or above it;
 * for a solution-style one (Vite's template: `references` to `tsconfig.app.json` and
 * `tsconfig.node.json`, no options of its own), the first config it references that maps paths.
 */
function projectConfig(from: string, context: ResolveContext): string | undefined {
  for (const dir of ancestors(dirOf(from))) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const path = dir ? `${dir}/${name}` : name
      const manifest = context.manifestAt(path, 'tsconfig') as TsConfig | undefined
      if (manifest === undefined) continue
      if (manifest.references === undefined) return path
      const own = effectiveConfig(path, context)
      if (own.paths !== undefined || own.baseUrl !== undefined) return path
      for (const reference of manifest.references) {
        const joined = joinPath(dir, reference)
        const referenced = joined === undefined ? undefined : context.manifestAt(joined, 'tsconfig') !== undefined ? joined : joinPath(joined, 'tsconfig.json')
        if (referenced !== undefined && effectiveConfig(referenced, context).paths !== undefined) return referenced
      }
      return path
    }
  }
  return undefined
}

function matchPaths(specifier: string, map: Readonly<Record<string, readonly string[]>>): readonly string[] | undefined {
  if (map[specifier]) return map[specifier]
  let best: { prefix: number; targets: string[] } | undefined
  for (const [pattern, targets] of Object.entries(map)) {
    const star = pattern.indexOf('*')
    if (star < 0) continue
    const prefix = pattern.slice(0, star)
    const suffix = pattern.slice(star + 1)
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) continue
    if (best && best.prefix >= prefix.length) continue
    const middle = specifier.slice(prefix.length, specifier.length - suffix.length)
    best = { prefix: prefix.length, targets: targets.map((t) => t.replace('*', middle)) }
  }
  return best?.targets
}

type PackageEntry = { readonly path: string; readonly manifest: PackageJson }

// The indexed `package.json` files by package name (the first indexed of a name), per list of `manifests('package-json')`.
const packagesByName = new WeakMap<readonly PackageEntry[], ReadonlyMap<string, PackageEntry>>()

function packageNamed(name: string, context: ResolveContext): PackageEntry | undefined {
  const list = context.manifests('package-json') as readonly PackageEntry[]
  let byName = packagesByName.get(list)
  if (byName === undefined) {
    const map = new Map<string, PackageEntry>()
    for (const entry of list) if (entry.manifest.name && !map.has(entry.manifest.name)) map.set(entry.manifest.name, entry)
    packagesByName.set(list, (byName = map))
  }
  return byName.get(name)
}

/** The workspace package a bare specifier names: the indexed `package.json` with the longest name that is the specifier or a `/`-prefix of it. */
function workspacePackage(specifier: string, context: ResolveContext): { dir: string; manifest: PackageJson; subpath: string } | undefined {
  for (let end = specifier.length; end > 0; end = specifier.lastIndexOf('/', end - 1)) {
    const entry = packageNamed(specifier.slice(0, end), context)
    if (entry !== undefined) return { dir: dirOf(entry.path), manifest: entry.manifest, subpath: end === specifier.length ? '.' : `.${specifier.slice(end)}` }
  }
  return undefined
}

function packageEntry(entries: PackageJson['entries'], subpath: string): readonly string[] {
  if (entries[subpath]) return entries[subpath]
  for (const [pattern, targets] of Object.entries(entries)) {
    const star = pattern.indexOf('*')
    if (star < 0) continue
    const prefix = pattern.slice(0, star)
    const suffix = pattern.slice(star + 1)
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      const middle = subpath.slice(prefix.length, subpath.length - suffix.length)
      return targets.map((t) => t.replace('*', middle))
    }
  }
  return []
}

function resolveWorkspace(pkg: { dir: string; manifest: PackageJson; subpath: string }, context: ResolveContext, probes: string[]): string | undefined {
  const candidates: string[] = []
  for (const target of packageEntry(pkg.manifest.entries, pkg.subpath)) {
    const path = joinPath(pkg.dir, target)
    if (path === undefined) continue
    candidates.push(path, ...sourceTwins(path))
  }
  const sub = pkg.subpath === '.' ? '' : pkg.subpath.slice(2)
  const inside = (p: string): string | undefined => joinPath(pkg.dir, p)
  for (const base of sub ? [inside(`src/${sub}`), inside(sub)] : [inside('src/index'), inside('index')]) {
    if (base !== undefined) candidates.push(...fileCandidates(base))
  }
  return tryCandidates(candidates, context, probes)
}

/**
 * Resolves a TypeScript or JavaScript import the way TypeScript does for a project: relative
 * specifiers (extensions, `.js` naming its `.ts` source, index files), the nearest
 * `tsconfig.json`/`jsconfig.json` (`paths`, `baseUrl`, followed through `extends`), and packages of
 * the workspace by their `package.json` name (entry points, or their sources when the entry is a
 * build output that is not indexed). Anything else is an external package.
 */
export function resolveTypescriptImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const specifier = edge.target
  const names = edge.names ?? []
  const probes: string[] = []
  const done = (found: string | undefined): ImportResolution | undefined => (found ? resolvedTo(found, names, probes) : undefined)
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const base = joinPath(dirOf(from.path), specifier)
    if (base === undefined) return unresolved()
    const candidates = fileCandidates(base, directoryEntries(base, context))
    return done(tryCandidates(from.language === 'javascript' ? declarationsLast(candidates) : candidates, context, probes)) ?? unresolved(probes)
  }
  // Node's subpath imports (`#utils/date`): the nearest package.json's `imports`, as TypeScript reads them.
  if (specifier.startsWith('#')) {
    const found = subpathImport(specifier, from.path, context, probes)
    if (found !== undefined) return found === '' ? external(probes) : resolvedTo(found, names, probes)
  }
  const configPath = projectConfig(from.path, context)
  const config = configPath ? effectiveConfig(configPath, context) : {}
  if (config.paths) {
    const targets = matchPaths(specifier, config.paths.map)
    for (const target of targets ?? []) {
      const base = joinPath(config.paths.dir, target)
      const found = base === undefined ? undefined : tryCandidates(fileCandidates(base.replace(/\/$/, '')), context, probes)
      if (found) return resolvedTo(found, names, probes)
    }
  }
  if (config.baseUrl !== undefined) {
    const base = joinPath(config.baseUrl, specifier)
    const found = base === undefined ? undefined : tryCandidates(fileCandidates(base), context, probes)
    if (found) return resolvedTo(found, names, probes)
  }
  const aliased = bundlerAlias(specifier, from.path, context) ?? toolchainAlias(specifier, from.path, context)
  if (aliased !== undefined) {
    const candidates = fileCandidates(aliased, directoryEntries(aliased, context))
    return done(tryCandidates(from.language === 'javascript' ? declarationsLast(candidates) : candidates, context, probes)) ?? unresolved(probes)
  }
  const pkg = workspacePackage(specifier, context)
  if (pkg) return done(resolveWorkspace(pkg, context, probes)) ?? unresolved(probes)
  return external(probes)
}

/**
 * The file a `#` specifier names through the `imports` of the nearest `package.json` above the
 * importing file (the package it belongs to): `#utils/date` with `"#utils/*": "./src/utils/*.js"`
 * is `src/utils/date.ts`; `''` when it maps to a package (`"#db": "pg"`), `undefined` when the
 * package maps no such specifier (or no indexed file is its target).
 */
function subpathImport(specifier: string, from: string, context: ResolveContext, probes: string[]): string | undefined {
  for (const dir of ancestors(dirOf(from))) {
    const manifest = context.manifestAt(dir === '' ? 'package.json' : `${dir}/package.json`, 'package-json') as PackageJson | undefined
    if (manifest === undefined) continue
    const candidates: string[] = []
    for (const target of packageEntry(manifest.imports ?? {}, specifier)) {
      if (!target.startsWith('./')) return ''
      const path = joinPath(dir, target)
      if (path !== undefined) candidates.push(...fileCandidates(path), ...sourceTwins(path))
    }
    return candidates.length === 0 ? undefined : tryCandidates([...new Set(candidates)], context, probes)
  }
  return undefined
}

/** The longest of `aliases` that `specifier` starts with (as a whole segment), else `undefined`. */
function longestAlias(specifier: string, aliases: Readonly<Record<string, string>>): string | undefined {
  let best: string | undefined
  for (const alias of Object.keys(aliases)) {
    if ((specifier === alias || specifier.startsWith(`${alias}/`)) && (best === undefined || alias.length > best.length)) best = alias
  }
  return best
}

/**
 * The path an import names through the aliases the nearest `package.json`'s toolchain defines
 * without a config (Vue CLI's `@/components/Nav` is `src/components/Nav`; Nuxt's `~/utils` is the
 * source directory's); `undefined` when it defines none that matches.
 */
function toolchainAlias(specifier: string, from: string, context: ResolveContext): string | undefined {
  if (!/^[~@$]/.test(specifier)) return undefined
  for (const dir of ancestors(dirOf(from))) {
    const manifest = context.manifestAt(dir === '' ? 'package.json' : `${dir}/package.json`, 'package-json') as PackageJson | undefined
    if (manifest === undefined) continue
    const alias = manifest.aliases ? longestAlias(specifier, manifest.aliases) : undefined
    return alias === undefined ? undefined : joinPath(dir, `${manifest.aliases?.[alias] ?? '.'}${specifier.slice(alias.length)}`)
  }
  return undefined
}

/**
 * The path an import names through the `resolve.alias` of the nearest Vite or webpack config at or
 * above the importing file (`@/components/Nav` with `'@': 'src'` beside `vite.config.ts`: `src/components/Nav`),
 * the longest matching alias first; `undefined` when none matches.
 */
function bundlerAlias(specifier: string, from: string, context: ResolveContext): string | undefined {
  const configs = context.manifests('bundler-aliases')
  if (configs.length === 0) return undefined
  for (const dir of ancestors(dirOf(from))) {
    const here = configs.filter((config) => dirOf(config.path) === dir)
    if (here.length === 0) continue
    let best: { alias: string; target: string; dir: string } | undefined
    for (const { path, manifest } of here) {
      const alias = longestAlias(specifier, manifest.aliases)
      if (alias !== undefined && (best === undefined || alias.length > best.alias.length)) best = { alias, target: manifest.aliases[alias] as string, dir: dirOf(path) }
    }
    if (best === undefined) return undefined
    return joinPath(best.dir, `${best.target}${specifier.slice(best.alias.length)}`)
  }
  return undefined
}
