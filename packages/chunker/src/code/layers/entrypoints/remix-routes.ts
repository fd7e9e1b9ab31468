import { dependentFramework } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { defaultExportDraft, definitionDraft, exportedDefinition, exportLists, statementDraft, type FileRoute } from './file-route-drafts.js'

/** A module under `app/routes`, with its path there (without the extension). */
const ROUTE_MODULE = /(?:^|\/)app\/routes\/(.+)\.[cm]?[jt]sx?$/

/**
 * The modules whose imports mark a route module of Remix or React Router's framework mode.
 * `react-router` itself is no mark: a data router's components import its hooks too
 * (bulletproof-react's `app/routes/landing.tsx`, loaded by `createBrowserRouter`, is no route).
 */
const ROUTER_MODULES = ['@remix-run', '@react-router']

/** The framework of a route module that names none: Remix's, or React Router's framework mode's, by its package's dependencies. */
const ROUTER_BY_DEPENDENCY = dependentFramework([
  ['@remix-run/', 'remix'],
  ['@react-router/dev', 'react-router'],
])

/** Modules that are never routes: server- or client-only helpers and tests (`login.server.ts`, `x.test.tsx`). */
const NOT_A_ROUTE = /\.(?:server|client|test|spec)$/

/** A folder's own module: `route.tsx` (Remix v2), `index.tsx` and `_layout.tsx` (remix-flat-routes, react-router-auto-routes). */
const FOLDER_MODULES: ReadonlySet<string> = new Set(['route', 'index', '_layout'])

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

/** The route a module's export `name` serves, from its definition or its re-export. */
function exportDraft(context: DetectContext, name: string, route: FileRoute): EntrypointDraft | undefined {
  const defined = exportedDefinition(context, name)
  if (defined) return definitionDraft(defined, route)
  // Exported without a definition here: `export { action } from './x.server'`.
  const at = exportLists(context.facts.text).find(({ exported }) => exported === name)?.offset
  return at === undefined ? undefined : statementDraft(context.facts.text, at, route, name)
}

/**
 * Remix's and React Router's (framework mode) file-system routes under `app/routes`: flat files
 * (`notes.$noteId.tsx`), a folder's `route.tsx`, and the nested folders of remix-flat-routes and
 * react-router-auto-routes (`users/$username/index.tsx`, `_auth/login.tsx`, `_layout.tsx`; `+`
 * folders, `.server`/`.client` modules and tests are not routes). The module's `loader` serves
 * GET and its `action` POST (and the other form methods), also when re-exported (`export {
 * action } from './x.server'`); a module with neither is a page served on GET by its default
 * export (the component), and so is one with an `action` and no `loader`. Only modules that import Remix or React Router, or export a `loader`
 * or `action`, or import their generated route types (`./+types/x`), count; a module nested in a
 * folder that is not the folder's own counts only with a `loader`, an `action` or those types
 * (Remix v2 keeps components there).
 */
export const remixRoutes: EntrypointDetector = {
  framework: 'remix',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const module = context.facts.path.includes('routes/') ? ROUTE_MODULE.exec(context.facts.path) : null
    if (!module) return []
    const folders = (module[1] as string).split('/')
    const file = folders.pop() as string
    if (NOT_A_ROUTE.test(file) || [...folders, file].some((part) => part.startsWith('+') || part.startsWith('__'))) return []
    const folderModule = folders.length > 0 && FOLDER_MODULES.has(file)
    const remix = context.imports('@remix-run')
    const framework = remix ? 'remix' : 'react-router'
    const route = flatRoute([...folders, ...(folderModule || file === 'index' ? [] : [file])].join('.'))
    const drafts: EntrypointDraft[] = []
    const loader = exportDraft(context, 'loader', { framework, method: 'GET', route })
    if (loader) drafts.push(loader)
    const action = exportDraft(context, 'action', { framework, method: 'POST', route })
    if (action) drafts.push(action)
    // A page with an action and no loader (`notes.new.tsx`'s form) still answers GET with its component.
    const form = action && !loader ? defaultExportDraft(context, { framework, method: 'GET', route }) : undefined
    if (form) drafts.push(form)
    if (drafts.length > 0 || file === '_layout') return drafts
    // React Router's generated route types (`import type { Route } from './+types/about'`) mark a route module anywhere.
    const typed = context.imports('./+types')
    if (!typed && folders.length > 0 && !folderModule) return []
    // A component-only module that imports neither is a route when its package depends on Remix or React Router's framework mode (`@react-router/dev`; the layer graph reads that).
    const marked = typed || remix || ROUTER_MODULES.some((prefix) => context.imports(prefix))
    const page = defaultExportDraft(context, { framework: marked ? framework : ROUTER_BY_DEPENDENCY, method: 'GET', route })
    return page ? [page] : []
  },
}
