import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { defaultExportDraft, definitionDraft, exportedDefinition } from './file-route-drafts.js'

/** A flat-routes module: `app/routes/notes.$noteId.tsx`, or a folder's `app/routes/notes.$noteId/route.tsx`. */
const ROUTE_MODULE = /(?:^|\/)app\/routes\/([^/]+?)(?:\/route)?\.[cm]?[jt]sx?$/

/** The modules whose imports mark a route module of Remix or React Router's framework mode. */
const ROUTER_MODULES = ['@remix-run', 'react-router', '@react-router']

/**
 * The URL of a flat-routes file name: `.` separates segments (not inside `[...]`, which escapes),
 * `_index` is its parent's index, a leading `_` is a pathless layout and a trailing `_` opts out of
 * its parent's layout (neither shows), `$id` is the parameter `:id`, a lone `$` the splat `*`, and
 * `(seg)` is optional (`seg?`, `($lang)` is `:lang?`).
 */
export function flatRoute(name: string): string {
  const segments = name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? []
  const shown: string[] = []
  for (const raw of segments) {
    if (raw.startsWith('_')) continue
    const optional = /^\((.*)\)$/.exec(raw)
    const segment = (optional ? (optional[1] as string) : raw).replace(/_$/, '')
    const written = segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment.replace(/\[([^\]]*)\]/g, '$1')
    shown.push(optional ? `${written}?` : written)
  }
  return `/${shown.join('/')}`
}

/**
 * Remix's and React Router's (framework mode) flat routes under `app/routes`: the module's
 * `loader` serves GET and its `action` POST (and the other form methods); a module with neither
 * is a page served on GET by its default export (the component). Only modules that import Remix or
 * React Router, or export a `loader` or `action`, count.
 */
export const remixRoutes: EntrypointDetector = {
  framework: 'remix',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const module = context.facts.path.includes('routes/') ? ROUTE_MODULE.exec(context.facts.path) : null
    if (!module) return []
    const loader = exportedDefinition(context, 'loader')
    const action = exportedDefinition(context, 'action')
    const remix = context.imports('@remix-run')
    if (!loader && !action && !remix && !ROUTER_MODULES.some((prefix) => context.imports(prefix))) return []
    const framework = remix ? 'remix' : 'react-router'
    const route = flatRoute(module[1] as string)
    const drafts: EntrypointDraft[] = []
    if (loader) drafts.push(definitionDraft(loader, { framework, method: 'GET', route }))
    if (action) drafts.push(definitionDraft(action, { framework, method: 'POST', route }))
    if (drafts.length > 0) return drafts
    const page = defaultExportDraft(context, { framework, method: 'GET', route })
    return page ? [page] : []
  },
}
