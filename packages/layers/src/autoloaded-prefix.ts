import { joinRoute, type FileLayers } from '@rag/core'

/** The string a top-level definition of a file assigns to `name` (`export const autoPrefix = '/batch'`, `module.exports.autoPrefix = '/batch'`). */
function exportedString(file: FileLayers | undefined, name: string): string | undefined {
  const symbol = file?.symbols.find((each) => each.parentId === '' && each.name === name)
  return symbol === undefined ? undefined : new RegExp(`\\b${name}\\s*=\\s*(['"\`])([^'"\`]*)\\1`).exec(symbol.signature)?.[2]
}

/**
 * The prefix Fastify's autoloader gives the routes of `path` (a file below the autoloaded
 * directory `autoload.dir`, registered with `options.prefix` `autoload.prefix`): the prefix, then
 * the file's folders (`routes/users/index.js` serves at `/api/users`); a plugin's own `autoPrefix`
 * export takes the folders' place (`/api/batch`), and its `prefixOverride` the whole prefix's.
 */
export function autoloadedPrefix(path: string, autoload: { readonly dir: string; readonly prefix: string }, file: FileLayers | undefined): string {
  const override = exportedString(file, 'prefixOverride')
  if (override !== undefined) return override
  const folders = path.slice(autoload.dir.length).split('/').slice(0, -1)
  return joinRoute(autoload.prefix, exportedString(file, 'autoPrefix') ?? (folders.length > 0 ? `/${folders.join('/')}` : ''))
}
