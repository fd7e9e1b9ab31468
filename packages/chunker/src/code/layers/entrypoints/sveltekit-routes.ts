import type { EntrypointRecord } from '@rag/core'
import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { configRoute, type ConfigFile } from './config-records.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { definitionDraft, exportedDefinition, folderRoute, methodHandlerDrafts, statementDraft } from './file-route-drafts.js'
import { objectEntries } from './object-literal.js'

/** A SvelteKit route file: `src/routes/**\/+server.ts`, `+page.server.ts` or `+page.ts`. */
const ROUTE_FILE = /(?:^|\/)src\/routes\/((?:[^/]+\/)*)\+(server|page\.server|page)\.[cm]?[jt]s$/

/** What a `+server` file's exports serve: `fallback` answers every method the others do not. */
const SERVER_METHODS: ReadonlyMap<string, string> = new Map([
  ['GET', 'GET'], ['POST', 'POST'], ['PUT', 'PUT'], ['PATCH', 'PATCH'], ['DELETE', 'DELETE'], ['OPTIONS', 'OPTIONS'], ['HEAD', 'HEAD'], ['fallback', '*'],
])

/** A page's form actions: `default` posts to the page, a named one to `?/name` (SvelteKit's form action URLs). */
function actionDrafts(context: DetectContext, actions: SymbolFact, route: string): EntrypointDraft[] {
  const { masked, text } = context.facts
  const source = masked || text
  const open = source.indexOf('{', source.indexOf('=', actions.start))
  if (open < 0 || open >= actions.end) return []
  return objectEntries(source, open).map(({ key, keyOffset: offset }) => ({
    ...statementDraft(text, offset, { framework: 'sveltekit', method: 'POST', route: key === 'default' ? route : `${route}?/${key}` }, `actions.${key}`),
    declaring: actions,
  }))
}

/**
 * SvelteKit's file-system routes under `src/routes`: a `+server` file's `GET`, `POST`, ...
 * (and `fallback`, any method) exports; a page's `load` (GET) in `+page.server` or `+page`, and
 * its form `actions` (POST, one route each: `default` at the page, `login` at `?/login`). Route
 * groups (`(app)`) do not show; parameters stay as written (`[slug]`, `[[lang]]`, `[...rest]`).
 */
export const svelteKitRoutes: EntrypointDetector = {
  framework: 'sveltekit',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const file = context.facts.path.includes('routes/') ? ROUTE_FILE.exec(context.facts.path) : null
    if (!file) return []
    const route = folderRoute((file[1] as string).split('/'))
    if (file[2] === 'server') return methodHandlerDrafts(context, SERVER_METHODS, 'sveltekit', route)
    const drafts: EntrypointDraft[] = []
    const load = exportedDefinition(context, 'load')
    if (load) drafts.push(definitionDraft(load, { framework: 'sveltekit', method: 'GET', route }))
    const actions = file[2] === 'page.server' ? exportedDefinition(context, 'actions') : undefined
    if (actions) drafts.push(...actionDrafts(context, actions, route))
    return drafts
  },
}

/** A SvelteKit page component: `src/routes/**\/+page.svelte`. */
const PAGE_COMPONENT = /(?:^|\/)src\/routes\/((?:[^/]+\/)*)\+page\.svelte$/

/**
 * The page a SvelteKit `+page.svelte` renders, served on GET at its folder's route, whether or not
 * a `+page.ts` or `+page.server.ts` beside it loads data (an `about` page is often the component
 * alone). The record comes from the path: the page is the whole component.
 */
export function svelteKitPages(file: ConfigFile): EntrypointRecord[] {
  const page = file.path.includes('routes/') ? PAGE_COMPONENT.exec(file.path) : null
  if (!page) return []
  const route = folderRoute((page[1] as string).split('/'))
  return [configRoute(file, { id: `${file.path}!http-route:GET ${route}`, line: 1, framework: 'sveltekit', method: 'GET', route, handler: '', text: '+page.svelte' })]
}
