import { dependentFramework, type EntrypointRecord } from '@rag/core'
import { configRoute, type ConfigFile } from './config-records.js'
import { folderRoute } from './file-route-drafts.js'

/** A Vue page component under a `pages/` folder: `pages/users/[id].vue` (Nuxt 3), `app/pages/index.vue` (Nuxt 4). */
const PAGE_COMPONENT = /(?:^|\/)pages\/((?:[^/]+\/)*)([^/]+)\.vue$/

/** Folders whose `pages/` holds components, not routes. */
const NOT_PAGES = /(?:^|\/)(?:components|layouts|node_modules)\//

/**
 * A page of a package that depends on Nuxt, or on Vue Router's file-based routing of a Vite app
 * (`unplugin-vue-router`, `vite-plugin-pages`); the layer graph reads its `package.json`. A Vue
 * SPA's `pages/` otherwise hold components its route table names.
 */
const PAGE_BY_DEPENDENCY = dependentFramework([
  ['nuxt', 'nuxt'],
  ['unplugin-vue-router', 'vue-router'],
  ['vite-plugin-pages', 'vue-router'],
])

/**
 * What marks a page of Vue Router's file-based routing in the page itself, whatever the package
 * says (Vue Router 5 has it built in, behind a Vite plugin a `package.json` does not show): a
 * `<route>` block, the `definePage()` macro (vitesse's `src/pages/index.vue`), or a typed route
 * name (`useRoute('/hi/[name]')`, `useRoute<'/users/[id]'>()`: the generated route map's).
 */
const FILE_ROUTED_PAGE = /^<route[\s>]|\bdefinePage\s*\(|\buseRoute\s*(?:\(\s*|<\s*)['"]\//m

/**
 * The page a Vue `pages/**\/*.vue` component renders, served on GET at the route its path gives
 * (`index` is its folder, `[id]` a parameter, `[...slug]` the rest, `(group)` folders left out):
 * Nuxt's pages, when the nearest `package.json` depends on `nuxt`, and those of Vue Router's
 * file-based routing (`unplugin-vue-router`, `vite-plugin-pages`, or a page marked by
 * {@link FILE_ROUTED_PAGE}). The record comes from the path: the page is the whole component.
 */
export function vuePages(file: ConfigFile, content: string): EntrypointRecord[] {
  const page = file.path.endsWith('.vue') ? PAGE_COMPONENT.exec(file.path) : null
  if (!page || NOT_PAGES.test(file.path.slice(0, page.index + 1))) return []
  const route = folderRoute([...(page[1] as string).split('/'), page[2] as string])
  const framework = FILE_ROUTED_PAGE.test(content) ? 'vue-router' : PAGE_BY_DEPENDENCY
  return [configRoute(file, { id: `${file.path}!http-route:GET ${route}`, line: 1, framework, method: 'GET', route, handler: '', text: 'page component' })]
}
