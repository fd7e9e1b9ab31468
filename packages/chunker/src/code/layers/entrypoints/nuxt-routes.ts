import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { defaultExportDraft, folderRoute } from './file-route-drafts.js'

/** A Nuxt server route: `server/api/**` (served under `/api`) or `server/routes/**` (at the root). */
const SERVER_FILE = /(?:^|\/)server\/(api|routes)\/((?:[^/]+\/)*)([^/]+?)\.[cm]?[jt]s$/

/** The method a file name ends with: `index.get.ts`, `[id].delete.ts`. */
const METHOD_SUFFIX = /\.(get|post|put|patch|delete|head|options|connect|trace)$/i

/** A default export made by h3's handler helpers (`defineEventHandler`, `eventHandler`, `defineCachedEventHandler`, a project's own `defineXxxHandler`). */
const EVENT_HANDLER = /\b(?:define\w*Handler|eventHandler|lazyEventHandler|fromNodeMiddleware)\s*[(<]/

/**
 * Nuxt's (Nitro's) file-system server routes: `server/api/todos/[id].delete.ts` serves `DELETE
 * /api/todos/[id]`, `server/routes/sitemap.xml.ts` serves `/sitemap.xml` on any method; `index`
 * is its folder. The handler is the default export, an h3 event handler (which Nuxt auto-imports,
 * so the file need not import anything).
 */
export const nuxtRoutes: EntrypointDetector = {
  framework: 'nuxt',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const file = context.facts.path.includes('server/') ? SERVER_FILE.exec(context.facts.path) : null
    if (!file || !context.mentions(EVENT_HANDLER)) return []
    const name = file[3] as string
    const method = METHOD_SUFFIX.exec(name)?.[1]
    const base = method ? name.slice(0, -method.length - 1) : name
    const segments = [...(file[1] === 'api' ? ['api'] : []), ...(file[2] as string).split('/'), base]
    const draft = defaultExportDraft(context, { framework: 'nuxt', method: method ? method.toUpperCase() : '*', route: folderRoute(segments) })
    return draft ? [draft] : []
  },
}
