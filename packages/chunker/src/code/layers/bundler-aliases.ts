import { bracketedParts, stringValue } from './args.js'

/** The bundler configs whose `resolve.alias` steers imports: `vite.config.ts`, `webpack.config.js`, Vue CLI's `vue.config.js`. */
export const BUNDLER_CONFIG = /^(?:vite|webpack|vue)\.config\.[cm]?[jt]s$/

/** Where an alias object or array starts: `alias: {` / `alias: [`. */
const ALIAS_START = /\balias\s*:\s*(?=[{[])/g

/** The path segments of a string literal, template literal or call argument list, in order. */
function literals(expression: string): string[] {
  return [...expression.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => (m[2] as string).replace(/\$\{__dirname\}\/?/, ''))
}

/**
 * The directory (or file) an alias target names, relative to the config's directory:
 * `path.resolve(__dirname, './src')`, `resolve(__dirname, 'src', 'lib')`, `path.join(__dirname,
 * 'src')`, `fileURLToPath(new URL('./src', import.meta.url))`, `` `${__dirname}/src` ``, or a
 * string (`'/src'`: Vite's root-relative form; `'./src'`, `'../shared'`). `undefined` for what
 * cannot be read (another variable, a package name).
 */
function targetOf(expression: string): string | undefined {
  const text = expression.trim()
  const anchored = /__dirname|import\.meta\.url|process\.cwd\(\)/.test(text) || /^(?:path\.)?(?:resolve|join)\(/.test(text)
  const parts = literals(text)
  if (parts.length === 0) return undefined
  if (!anchored && !/^['"`]/.test(text)) return undefined
  const joined = parts.join('/').replace(/\/{2,}/g, '/')
  // A plain string is a path only when it looks like one (`'/src'`, `'./src'`), not a package name (`'vue/dist/vue.esm.js'`).
  if (!anchored && !/^\.{0,2}\//.test(joined)) return undefined
  const relative = joined.replace(/^\/+/, '').replace(/^(?:\.\/)+/, '').replace(/\/+$/, '')
  return relative === '' ? '.' : relative
}

/** An entry `'@': value`, `"@components": value` or `Utilities: value` as its key and value text. */
function entryOf(part: string): { key: string; value: string } | undefined {
  const match = /^(?:(['"])((?:(?!\1)[^\\\n]|\\.)*)\1|([A-Za-z_$][\w$]*))\s*:\s*/.exec(part)
  if (!match) return undefined
  return { key: (match[2] ?? match[3]) as string, value: part.slice(match[0].length) }
}

/**
 * The `resolve.alias` entries of a Vite or webpack config's source: its object form
 * (`alias: { '@': path.resolve(__dirname, 'src') }`) and Vite's array form (`alias: [{ find: '@',
 * replacement: ... }]`), each alias with the directory it names relative to the config (see
 * {@link targetOf}); regular-expression keys and targets that are not paths are left out, and
 * webpack's exact-match `$` suffix is dropped. `undefined` when the config has no such alias.
 */
export function bundlerAliases(source: string): Record<string, string> | undefined {
  const aliases: Record<string, string> = {}
  for (const match of source.matchAll(ALIAS_START)) {
    const open = (match.index as number) + match[0].length
    for (const part of bracketedParts(source, open) ?? []) {
      if (source[open] === '[') {
        const fields = part.startsWith('{') ? (bracketedParts(part, 0) ?? []).flatMap((field) => entryOf(field) ?? []) : []
        const find = fields.find((field) => field.key === 'find')
        const replacement = fields.find((field) => field.key === 'replacement')
        const key = find ? stringValue(find.value.trim()) : undefined
        const target = replacement ? targetOf(replacement.value) : undefined
        if (key !== undefined && target !== undefined) aliases[key] = target
        continue
      }
      const entry = entryOf(part)
      const target = entry ? targetOf(entry.value) : undefined
      if (entry && target !== undefined) aliases[entry.key.replace(/\$$/, '')] = target
    }
  }
  return Object.keys(aliases).length > 0 ? aliases : undefined
}
