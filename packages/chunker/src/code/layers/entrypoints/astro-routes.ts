import type { EntrypointRecord } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { configRoute, type ConfigFile } from './config-records.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { exportedMethodDrafts, folderRoute } from './file-route-drafts.js'

/** An Astro endpoint: a script under `src/pages` (`src/pages/api/users/[id].ts`, `src/pages/rss.xml.js`). */
const ENDPOINT_FILE = /(?:^|\/)src\/pages\/((?:[^/]+\/)*)([^/]+?)\.[cm]?[jt]s$/

/** An Astro page: a `.astro` component under `src/pages` (`src/pages/blog/[slug].astro`). */
const PAGE_FILE = /(?:^|\/)src\/pages\/((?:[^/]+\/)*)([^/]+?)\.astro$/

/** What an endpoint's exports serve: `ALL` answers every method the others do not. */
const ENDPOINT_METHODS: ReadonlyMap<string, string> = new Map([
  ['GET', 'GET'], ['POST', 'POST'], ['PUT', 'PUT'], ['PATCH', 'PATCH'], ['DELETE', 'DELETE'], ['OPTIONS', 'OPTIONS'], ['HEAD', 'HEAD'], ['ALL', '*'],
])

/**
 * Astro's endpoints: a `.ts`/`.js` file under `src/pages` exporting `GET`, `POST`, ... (or `ALL`)
 * serves its path (`rss.xml.js` is `/rss.xml`, `index` its folder, parameters as written); a file
 * or folder whose name starts with `_` is not routed.
 */
export const astroRoutes: EntrypointDetector = {
  framework: 'astro',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const file = context.facts.path.includes('pages/') ? ENDPOINT_FILE.exec(context.facts.path) : null
    if (!file) return []
    const segments = [...(file[1] as string).split('/'), file[2] as string]
    if (segments.some((segment) => segment.startsWith('_'))) return []
    const route = folderRoute(segments)
    return exportedMethodDrafts(context, ENDPOINT_METHODS, 'astro', route)
  },
}

/**
 * The page an Astro `src/pages/**\/*.astro` component renders, served on GET at its path (`index`
 * is its folder, `[slug]` and `[...path]` as written); a file or folder whose name starts with `_`
 * is not routed. The record comes from the path: the page is the whole component.
 */
export function astroPages(file: ConfigFile): EntrypointRecord[] {
  const page = file.path.endsWith('.astro') ? PAGE_FILE.exec(file.path) : null
  if (!page) return []
  const segments = [...(page[1] as string).split('/'), page[2] as string]
  if (segments.some((segment) => segment.startsWith('_'))) return []
  const route = folderRoute(segments)
  return [configRoute(file, { id: `${file.path}!http-route:GET ${route}`, line: 1, framework: 'astro', method: 'GET', route, handler: '', text: 'page component' })]
}
