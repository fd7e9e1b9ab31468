import type { ProjectManifest } from '@rag/core'
import { closing } from './args.js'
import { BUNDLER_CONFIG, bundlerAliases } from './bundler-aliases.js'

/** JSON with comments and trailing commas (tsconfig, jsconfig) to plain JSON. */
export function stripJsonComments(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++
      out += '\n'
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 1
    } else out += c
  }
  return out.replace(/,(\s*[}\]])/g, '$1')
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(stripJsonComments(text.replace(/^\uFEFF/, ''))) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

/** Condition names tried in this order: source first (a workspace package's own sources), then types and ESM. */
const CONDITIONS = ['source', 'types', 'typings', 'import', 'module', 'default', 'node', 'require']

/** Targets of one `exports` value, best first. */
function exportTargets(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const item of value) exportTargets(item, out)
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const condition of CONDITIONS) if (condition in record) exportTargets(record[condition], out)
    for (const [key, nested] of Object.entries(record)) if (!CONDITIONS.includes(key)) exportTargets(nested, out)
  }
}

function packageJson(json: Record<string, unknown>): ProjectManifest | undefined {
  const name = typeof json['name'] === 'string' ? json['name'] : ''
  const entries: Record<string, string[]> = {}
  const exports = json['exports']
  const subpaths = exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
  if (subpaths) {
    for (const [subpath, value] of Object.entries(exports as Record<string, unknown>)) {
      const targets: string[] = []
      exportTargets(value, targets)
      if (targets.length > 0) entries[subpath] = [...new Set(targets)]
    }
  } else if (exports !== undefined) {
    const targets: string[] = []
    exportTargets(exports, targets)
    if (targets.length > 0) entries['.'] = targets
  }
  const root = [...(entries['.'] ?? []), ...['source', 'types', 'typings', 'module', 'main'].flatMap((field) => strings(json[field]))]
  if (root.length > 0) entries['.'] = [...new Set(root)]
  const aliases = toolchainAliases(json)
  const imports = subpathImports(json['imports'])
  const dependencies = [...new Set(DEPENDENCY_FIELDS.flatMap((field) => (json[field] && typeof json[field] === 'object' && !Array.isArray(json[field]) ? Object.keys(json[field] as object) : [])))]
  if (!name && Object.keys(entries).length === 0 && aliases === undefined && imports === undefined && dependencies.length === 0) return undefined
  return { kind: 'package-json', name, entries, ...(aliases ? { aliases } : {}), ...(imports ? { imports } : {}), ...(dependencies.length > 0 ? { dependencies } : {}) }
}

/** The fields of a `package.json` that list the packages it depends on. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const

/** A `package.json`'s `imports` (`"#utils/*": "./src/utils/*.ts"`, with conditions too): each `#` specifier's targets, best first. */
function subpathImports(imports: unknown): Record<string, string[]> | undefined {
  if (!imports || typeof imports !== 'object' || Array.isArray(imports)) return undefined
  const out: Record<string, string[]> = {}
  for (const [specifier, value] of Object.entries(imports as Record<string, unknown>)) {
    if (!specifier.startsWith('#')) continue
    const targets: string[] = []
    exportTargets(value, targets)
    if (targets.length > 0) out[specifier] = [...new Set(targets)]
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/**
 * Aliases a package's toolchain defines without a config file, by its dependencies: Vue CLI's
 * `@` for `src`; Nuxt's `~` and `@` for its source directory (`app/` from Nuxt 4 on, else the
 * root) and `~~` and `@@` for the root; SvelteKit's `$lib` for `src/lib`. A `resolve.alias` of a
 * bundler config still comes first.
 */
function toolchainAliases(json: Record<string, unknown>): Record<string, string> | undefined {
  const dependencies = { ...(json['devDependencies'] as Record<string, unknown> | undefined), ...(json['dependencies'] as Record<string, unknown> | undefined) }
  const nuxt = dependencies['nuxt'] ?? dependencies['nuxt3']
  if (typeof nuxt === 'string') {
    const source = /^\D*4\./.test(nuxt) || /^\D*4$/.test(nuxt) ? 'app' : '.'
    return { '~': source, '@': source, '~~': '.', '@@': '.' }
  }
  if ('@sveltejs/kit' in dependencies) return { $lib: 'src/lib' }
  return '@vue/cli-service' in dependencies ? { '@': 'src' } : undefined
}

function tsconfig(json: Record<string, unknown>): ProjectManifest {
  const options = (json['compilerOptions'] ?? {}) as Record<string, unknown>
  const paths: Record<string, string[]> = {}
  const rawPaths = options['paths']
  if (rawPaths && typeof rawPaths === 'object') {
    for (const [pattern, targets] of Object.entries(rawPaths as Record<string, unknown>)) paths[pattern] = strings(targets)
  }
  const references = Array.isArray(json['references']) ? json['references'].flatMap((reference: unknown) => strings((reference as Record<string, unknown> | null)?.['path'])) : []
  return {
    kind: 'tsconfig',
    ...(typeof options['baseUrl'] === 'string' ? { baseUrl: options['baseUrl'] } : {}),
    ...(Object.keys(paths).length > 0 ? { paths } : {}),
    extends: strings(json['extends']),
    ...(references.length > 0 ? { references } : {}),
  }
}

/** A JSON config that is a TypeScript one by its content: a shared base (`config/base.json`, Turborepo's `nextjs.json`) that a tsconfig extends. */
const COMPILER_OPTIONS = /^\s*\{[^]*"compilerOptions"\s*:\s*\{/

/** The most characters of JSON read for `compilerOptions`: a config is small; a data file is not one. */
const MAX_CONFIG_CHARS = 200_000

/**
 * A minimal TOML reader for `Cargo.toml`: `[table]` and `[[array]]` headers and `key = "string"` /
 * `key = ["a", "b"]` values; the values of an array's tables add up (`[[bin]] path = ...`).
 */
function cargo(text: string): ProjectManifest | undefined {
  let table = ''
  const values = new Map<string, string[]>()
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/#.*$/, '').trim()
    const header = /^\[\[?\s*([\w.-]+)\s*\]\]?$/.exec(line)
    if (header) {
      table = header[1] as string
      continue
    }
    const entry = /^([\w-]+)\s*=\s*(.*)$/.exec(line)
    if (!entry) continue
    let value = entry[2] as string
    while (value.startsWith('[') && !value.includes(']') && i + 1 < lines.length) value += (lines[++i] as string).replace(/#.*$/, '')
    const key = `${table}.${entry[1]}`
    values.set(key, [...(values.get(key) ?? []), ...[...value.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string)])
  }
  // (Code names the library by its `[lib] name` when it has one: `[package] name = "clap-complete"`, `[lib] name = "completions"`.)
  const name = values.get('lib.name')?.[0] ?? values.get('package.name')?.[0] ?? ''
  const lib = values.get('lib.path')?.[0]
  const members = values.get('workspace.members') ?? []
  const bins = values.get('bin.path') ?? []
  if (!name && members.length === 0) return undefined
  const pkg = values.get('package.name')?.[0]
  return { kind: 'cargo', crate: name.replace(/-/g, '_'), ...(lib ? { lib } : {}), members, ...(bins.length > 0 ? { bins } : {}), ...(pkg ? { package: pkg } : {}) }
}

function composer(json: Record<string, unknown>): ProjectManifest | undefined {
  const psr4: Record<string, string[]> = {}
  for (const section of ['autoload', 'autoload-dev']) {
    const map = (json[section] as Record<string, unknown> | undefined)?.['psr-4']
    if (!map || typeof map !== 'object') continue
    for (const [prefix, dirs] of Object.entries(map as Record<string, unknown>)) psr4[prefix] = [...(psr4[prefix] ?? []), ...strings(dirs)]
  }
  return Object.keys(psr4).length > 0 ? { kind: 'composer', psr4 } : undefined
}

/** A `require` of a `go.mod`: on its own line (`require github.com/a/b v1.0.0`) or in a block. */
const GO_REQUIRE_LINE = /^\s*require\s+("?)([^\s"(]+)\1\s+\S+/gm
const GO_REQUIRE_BLOCK = /^\s*require\s*\(([^)]*)\)/gm

/** The module paths a `go.mod` requires, in order. */
function goRequires(content: string): string[] {
  const out: string[] = []
  for (const line of content.matchAll(GO_REQUIRE_LINE)) out.push(line[2] as string)
  for (const block of content.matchAll(GO_REQUIRE_BLOCK)) {
    for (const entry of (block[1] as string).split('\n')) {
      const module = /^\s*("?)([^\s"/]+\.[^\s"]+)\1\s+v\S+/.exec(entry.replace(/\/\/.*$/, ''))
      if (module) out.push(module[2] as string)
    }
  }
  return out
}

/** Whether a path names a project file that steers module resolution. */
export function isManifestPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return /^(?:package\.json|tsconfig(?:\.[\w.-]+)?\.json|jsconfig\.json|go\.mod|Cargo\.toml|composer\.json)$/.test(name)
}

/** A target declaration of a `Package.swift`: `.target(name: "App"`, `.testTarget(`, `.executableTarget(`, `.macro(`, `.plugin(`. */
const SWIFT_TARGET = /\.(target|testTarget|executableTarget|macro|plugin)\s*\(\s*name\s*:\s*"([^"\\]+)"/g

/**
 * The targets a `Package.swift` declares, each with its folder: its `path:` argument, else
 * SwiftPM's default, `Sources/<name>` (`Tests/<name>` for a test target, `Plugins/<name>` for a plugin).
 */
export function swiftPackageTargets(content: string): { name: string; path: string }[] {
  // (A target's dependency on another is written alike, `dependencies: [.target(name: "Core")]`: a declaration with a `path:` wins.)
  const byName = new Map<string, { path: string; given: boolean }>()
  for (const match of content.matchAll(SWIFT_TARGET)) {
    const open = content.indexOf('(', match.index)
    const close = closing(content, open)
    const written = close < 0 ? '' : content.slice(open, close)
    const path = /\bpath\s*:\s*"([^"\\]*)"/.exec(written)?.[1]
    const kind = match[1] as string
    const name = match[2] as string
    const folder = kind === 'testTarget' ? 'Tests' : kind === 'plugin' ? 'Plugins' : 'Sources'
    const known = byName.get(name)
    if (known === undefined || (path !== undefined && !known.given)) byName.set(name, { path: path ?? `${folder}/${name}`, given: path !== undefined })
  }
  return [...byName].map(([name, { path }]) => ({ name, path }))
}

/** The top-level `name:` of a `pubspec.yaml` (a Dart package name: lowercase, digits, `_`), quoted or not. */
const PUBSPEC_NAME = /^name:[ \t]*(['"]?)([a-z_][a-z0-9_]*)\1[ \t]*(?:#.*)?$/m

/**
 * What a project file says about module resolution (`package.json`, `tsconfig*.json`,
 * `jsconfig.json`, `go.mod`, `Cargo.toml`, `composer.json`, `pubspec.yaml`, `Package.swift`, the `resolve.alias` of
 * `vite.config.*` and `webpack.config.*`), or `undefined` for any other file or one that does
 * not parse.
 */
export function readManifest(path: string, content: string): ProjectManifest | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1)
  if (name === 'go.mod') {
    const module = /^\s*module\s+("?)([^\s"]+)\1/m.exec(content)
    const requires = goRequires(content)
    return module ? { kind: 'go-mod', module: module[2] as string, ...(requires.length > 0 ? { requires } : {}) } : undefined
  }
  if (name === 'Cargo.toml') return cargo(content)
  if (name === 'Package.swift') {
    const targets = swiftPackageTargets(content)
    return targets.length > 0 ? { kind: 'swiftpm', targets } : undefined
  }
  if (name === 'pubspec.yaml') {
    const pubspec = PUBSPEC_NAME.exec(content)
    return pubspec ? { kind: 'pubspec', name: pubspec[2] as string } : undefined
  }
  if (BUNDLER_CONFIG.test(name)) {
    const aliases = bundlerAliases(content)
    return aliases ? { kind: 'bundler-aliases', aliases } : undefined
  }
  if (!name.endsWith('.json')) return undefined
  if (!isManifestPath(path)) {
    const compiler = content.length <= MAX_CONFIG_CHARS && content.includes('"compilerOptions"') && COMPILER_OPTIONS.test(content) ? parseJson(content) : undefined
    return compiler && typeof compiler['compilerOptions'] === 'object' && compiler['compilerOptions'] !== null ? tsconfig(compiler) : undefined
  }
  const json = parseJson(content)
  if (!json) return undefined
  if (name === 'package.json') return packageJson(json)
  if (name === 'composer.json') return composer(json)
  return tsconfig(json)
}
