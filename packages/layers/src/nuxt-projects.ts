import type { FileLayers } from '@rag/core'
import { nearestManifestAt } from './nearest-manifest.js'
import { toSymbol, type Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/** A Nuxt app: the folder of its `package.json` (`''` for the root) and its source folder (`app` in Nuxt 4's layout, else the same). */
export interface NuxtApp {
  readonly root: string
  readonly source: string
}

/** The Nuxt app a file belongs to, when the nearest `package.json` above it depends on `nuxt`; `undefined` for a file of any other project. */
export function nuxtApp(file: FileLayers, index: SymbolIndex): NuxtApp | undefined {
  const found = nearestManifestAt(file.path, 'package.json', 'package-json', (path) => index.file(path))
  if (!found?.manifest.dependencies?.some((name) => name === 'nuxt' || name === 'nuxt3')) return undefined
  const { manifest, dir } = found
  // (Nuxt 4's source folder is `app/`: the `~` alias the manifest reads from the project's version.)
  return { root: dir, source: [dir, manifest.aliases?.['~'] ?? '.'].filter((part) => part !== '' && part !== '.').join('/') }
}

const under = (dir: string, folder: string): string => (dir === '' ? folder : `${dir}/${folder}`)

/**
 * The folders whose modules' exports Nuxt imports by itself into a file: its source folder's
 * `composables/` and `utils/`, the project's `shared/utils/` and `shared/types/` (Nuxt 4), and
 * for a file of its server (`server/`) the server's `utils/` instead of the app's.
 */
function autoImported(app: NuxtApp, path: string): string[] {
  const shared = [under(app.root, 'shared/utils/'), under(app.root, 'shared/types/')]
  const server = under(app.root, 'server/')
  return path.startsWith(server) ? [under(app.root, 'server/utils/'), ...shared] : [under(app.source, 'composables/'), under(app.source, 'utils/'), ...shared]
}

/**
 * A bare call in a Nuxt app of what Nuxt imports by itself: the one exported top-level function
 * of that name in the folders it imports from (at any depth: apps widen `imports.dirs`),
 * `useUserSettings()` without an import. `undefined` in another project, or when none or several
 * files define it (resolution by name goes on).
 */
export function nuxtAutoImport(name: string, file: FileLayers, index: SymbolIndex, kinds: ReadonlySet<string>): Resolved | undefined {
  const app = nuxtApp(file, index)
  if (app === undefined) return undefined
  const folders = autoImported(app, file.path)
  const found = index.named(name).filter((symbol) => symbol.parentId === '' && symbol.exported === true && kinds.has(symbol.kind) && folders.some((dir) => symbol.path.startsWith(dir)))
  // (A function's overloads are definitions of one name in one file: the first stands for them.)
  return found.length > 0 && found.every((symbol) => symbol.path === found[0]!.path) ? toSymbol(found[0]!) : undefined
}
