import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { describeValue } from '@rag/core'
import { CliConfigError } from '../errors.js'
import { CONFIG_KEYS, describeType, envName, type ConfigKey, type ConfigValue } from './config-keys.js'

/** Where a value came from, lowest precedence first. */
export type ConfigSourceKind = 'default' | 'user' | 'project' | 'env' | 'flag'

/** A value's origin: its kind and where exactly (a file path, a variable, a flag). */
export interface ConfigSource {
  readonly kind: ConfigSourceKind
  /** The file, environment variable or flag; absent for defaults. */
  readonly where?: string
}

/** One effective value and its origin. */
export interface ResolvedValue {
  readonly value: ConfigValue | undefined
  readonly source: ConfigSource
}

/** A value of the repository's own config file that was not taken (see `project-trust.ts`). */
export interface IgnoredValue {
  readonly key: string
  /** The project file. */
  readonly file: string
  /** One sentence for the user: the key, the file, why, and where to set it instead. */
  readonly message: string
}

/** The effective configuration: every key, its value and where it came from. */
export interface ResolvedConfig {
  readonly values: ReadonlyMap<string, ResolvedValue>
  /** Values of the project file that weaken a safety setting, ignored: the caller warns about each. */
  readonly ignored: readonly IgnoredValue[]
  /** The configuration files consulted, and whether each exists. */
  readonly files: { readonly user: { path: string; found: boolean }; readonly project: { path: string; found: boolean } }
}

/** Inputs of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** `<root>/rag.config.json`. */
  readonly projectFile: string
  /** @default process.env */
  readonly env?: NodeJS.ProcessEnv
  /** Values from command-line flags, by key, with the flag's name. */
  readonly flags?: Readonly<Record<string, { value: ConfigValue | undefined; flag: string }>>
}

const KEYS = new Map(CONFIG_KEYS.map((k) => [k.key, k]))

/** `$XDG_CONFIG_HOME/rag/config.json`, or `~/.config/rag/config.json`. */
export function userConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CONFIG_HOME'] && env['XDG_CONFIG_HOME'] !== '' ? env['XDG_CONFIG_HOME'] : join(homedir(), '.config')
  return join(base, 'rag', 'config.json')
}

function fail(key: string, where: string, expected: string, received: unknown): never {
  throw new CliConfigError(`Invalid configuration: ${key} in ${where} must be ${expected}; received ${describeValue(received)}.`)
}

/** Checks a value from a file or a flag against its key. */
function check(spec: ConfigKey, value: unknown, where: string): ConfigValue {
  const { type } = spec
  if (type.kind === 'integer') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < type.min) fail(spec.key, where, describeType(type), value)
    return value
  }
  if (type.kind === 'weight') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(spec.key, where, describeType(type), value)
    return value
  }
  if (type.kind === 'enum') {
    if (typeof value !== 'string' || !type.values.includes(value)) fail(spec.key, where, describeType(type), value)
    return value
  }
  if (type.kind === 'text') {
    if (typeof value !== 'string' || value.trim() === '' || /[\r\n]/.test(value)) {
      fail(spec.key, where, describeType(type), spec.redact && typeof value === 'string' ? spec.redact(value) : value)
    }
    return value.trim()
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim() !== '')) {
    fail(spec.key, where, 'a list of non-empty strings', value)
  }
  return [...(value as string[])]
}

/** Parses an environment variable's text for a key. */
function parseEnv(spec: ConfigKey, text: string, where: string): ConfigValue {
  if (spec.type.kind === 'integer') {
    if (!/^\d+$/.test(text.trim())) fail(spec.key, where, describeType(spec.type), text)
    return check(spec, Number(text.trim()), where)
  }
  if (spec.type.kind === 'weight') {
    const value = text.trim() === '' ? Number.NaN : Number(text)
    if (!Number.isFinite(value) || value <= 0) fail(spec.key, where, describeType(spec.type), text)
    return value
  }
  if (spec.type.kind === 'text') return check(spec, text.trim(), where)
  if (spec.type.kind === 'list') {
    return text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
  }
  return check(spec, text.trim(), where)
}

/** Flattens a config file's nested objects to dotted keys, rejecting unknown ones. */
function flatten(value: unknown, file: string, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliConfigError(`Invalid configuration: ${prefix === '' ? 'the top level' : prefix} in ${file} must be an object; received ${describeValue(value)}.`)
  }
  for (const [name, inner] of Object.entries(value)) {
    const key = prefix === '' ? name : `${prefix}.${name}`
    if (KEYS.has(key)) out.set(key, inner)
    else if ([...KEYS.keys()].some((k) => k.startsWith(`${key}.`))) for (const [k, v] of flatten(inner, file, key)) out.set(k, v)
    else throw new CliConfigError(`Invalid configuration: unknown key ${key} in ${file}; expected one of ${[...KEYS.keys()].join(', ')}.`)
  }
  return out
}

function readFile(path: string): Map<string, unknown> | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw new CliConfigError(`Invalid configuration: ${path} cannot be read (${code ?? 'error'}).`, { cause: error })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new CliConfigError(`Invalid configuration: ${path} is not valid JSON (${(error as Error).message}).`, { cause: error })
  }
  return flatten(parsed, path)
}

/**
 * Resolves the configuration: defaults, then the user file, the project file, `RAG_*`
 * environment variables and flags, each overriding the one before. A project-file value its key's
 * `fromProject` refuses is left out (the user file's or the default stays) and listed in `ignored`.
 *
 * @throws CliConfigError naming the key, the file (or variable, or flag) and the expected type.
 */
export function loadConfig({ projectFile, env = process.env, flags = {} }: LoadConfigOptions): ResolvedConfig {
  const values = new Map<string, ResolvedValue>()
  for (const spec of CONFIG_KEYS) values.set(spec.key, { value: spec.default, source: { kind: 'default' } })

  const userFile = userConfigPath(env)
  const layers: [ConfigSourceKind, string][] = [
    ['user', userFile],
    ['project', projectFile],
  ]
  const found = { user: false, project: false }
  const ignored: IgnoredValue[] = []
  for (const [kind, path] of layers) {
    const entries = readFile(path)
    if (entries === undefined) continue
    found[kind as 'user' | 'project'] = true
    for (const [key, raw] of entries) {
      const spec = KEYS.get(key)!
      const value = check(spec, raw, path)
      if (kind === 'project' && spec.fromProject !== undefined && !spec.fromProject.accepts(value)) {
        const message = `${key} in ${path} is ignored: a repository's config may not ${spec.fromProject.because}; set it in ${userFile} or ${envName(key)} instead.`
        ignored.push({ key, file: path, message })
        continue
      }
      values.set(key, { value, source: { kind, where: path } })
    }
  }
  for (const spec of CONFIG_KEYS) {
    const name = envName(spec.key)
    const text = env[name]
    if (text === undefined || text === '') continue
    values.set(spec.key, { value: parseEnv(spec, text, `the environment variable ${name}`), source: { kind: 'env', where: name } })
  }
  for (const [key, { value, flag }] of Object.entries(flags)) {
    const spec = KEYS.get(key)
    if (spec === undefined || value === undefined) continue
    values.set(key, { value: check(spec, value, `the flag ${flag}`), source: { kind: 'flag', where: flag } })
  }
  return { values, ignored, files: { user: { path: userFile, found: found.user }, project: { path: projectFile, found: found.project } } }
}

/** The value of `key` (as resolved), typed by the caller. */
export function configValue<T extends ConfigValue | undefined>(config: ResolvedConfig, key: string): T {
  return config.values.get(key)?.value as T
}
