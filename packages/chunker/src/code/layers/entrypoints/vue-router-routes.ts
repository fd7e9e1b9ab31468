import { joinRoute } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { statementDraft } from './file-route-drafts.js'
import { objectEntries, type ObjectEntry } from './object-literal.js'

/** A route record's `path: '...'` entry, the start of the search for route records. */
const PATH_KEY = /\bpath\s*:\s*(['"`])/g

/** A module of a project's router folder (`src/router/index.js`, `src/router/modules/table.js`), which may import only its views. */
const ROUTER_FOLDER = /(?:^|\/)router\//

/** What marks a router folder's module as Vue's: a lazily loaded `.vue` view or the admin templates' `Layout`. */
const VUE_VIEWS = /\bcomponent\s*:\s*(?:\(\)\s*=>\s*import\(|Layout\b)|from\s+['"][^'"]+\.vue['"]/

/** A lazily loaded view: `() => import('@/views/table/index')`, also with a webpack magic comment before the module. */
const LAZY_VIEW = /^\s*(?:async\s*)?\(\)\s*=>\s*import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?(['"`])([^'"`]+)\1/

/** One route record: where its `{` is, its entries, its path as written, and where its `children` array is. */
interface RouteRecord {
  readonly open: number
  readonly entries: readonly ObjectEntry[]
  readonly path: string
  readonly children: readonly [number, number] | undefined
}

/** The `{` of the object literal around `offset`: the nearest unmatched one before it. */
function openingBrace(masked: string, offset: number): number {
  let depth = 0
  for (let at = offset; at >= 0; at--) {
    const char = masked[at]
    if (char === '}' || char === ']' || char === ')') depth++
    else if (char === '{' || char === '[' || char === '(') {
      if (depth === 0) return char === '{' ? at : -1
      depth--
    }
  }
  return -1
}

/** The route records of a file: object literals with a string `path`. */
function routeRecords(text: string, masked: string): RouteRecord[] {
  const records: RouteRecord[] = []
  const seen = new Set<number>()
  for (const match of masked.matchAll(PATH_KEY)) {
    const open = openingBrace(masked, match.index - 1)
    if (open < 0 || seen.has(open)) continue
    seen.add(open)
    const entries = objectEntries(masked, open)
    const path = entries.find((entry) => entry.key === 'path')
    const written = path ? /^\s*(['"`])([^'"`]*)\1\s*$/.exec(text.slice(path.valueStart, path.valueEnd))?.[2] : undefined
    // (As the string holds it: `':id(\\d+)'` is `:id(\d+)`.)
    const value = written?.replace(/\\(.)/g, '$1')
    if (path === undefined || value === undefined) continue
    const children = entries.find((entry) => entry.key === 'children')
    records.push({ open, entries, path: value, children: children ? [children.valueStart, children.valueEnd] : undefined })
  }
  return records
}

/** What a record renders: a lazily loaded module as written, or the component's name. */
function viewOf(text: string, masked: string, record: RouteRecord): string | undefined {
  const component = record.entries.find((entry) => entry.key === 'component')
  if (component === undefined) return undefined
  const lazy = LAZY_VIEW.exec(text.slice(component.valueStart, component.valueEnd))
  if (lazy) return lazy[2]
  return /^\s*([A-Za-z_$][\w$.]*)\s*$/.exec(masked.slice(component.valueStart, component.valueEnd))?.[1] ?? ''
}

/**
 * Vue Router's route records (`createRouter({ routes })`, `new VueRouter({ routes })`, and the
 * route modules of a router folder that import only their views, as the Vue admin templates
 * split them): each `{ path, component }` is a `GET` route at its path joined under its parents'
 * (`children` paths are relative unless they start with `/`), handled by its component (a lazily
 * loaded view as its module: `@/views/table/index`). A record without a component (a redirect)
 * is none, nor is one whose named component lays out its children (`component: Layout`).
 */
export const vueRouterRoutes: EntrypointDetector = {
  framework: 'vue-router',
  languages: JS_LANGUAGES,
  imports: ['vue-router'],
  opens: (context) => ROUTER_FOLDER.test(context.facts.path) && context.mentions(VUE_VIEWS),
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, masked } = context.facts
    const records = routeRecords(text, masked)
    const parentOf = (record: RouteRecord): RouteRecord | undefined =>
      records.filter((outer) => outer.children !== undefined && outer.children[0] < record.open && record.open < outer.children[1]).sort((a, b) => b.open - a.open)[0]
    const fullPath = (record: RouteRecord, depth = 0): string => {
      const parent = depth < 16 ? parentOf(record) : undefined
      if (record.path.startsWith('/') || parent === undefined) return record.path
      return joinRoute(fullPath(parent, depth + 1), record.path)
    }
    const drafts: EntrypointDraft[] = []
    for (const record of records) {
      const view = viewOf(text, masked, record)
      // (A record with children rendering a named component is their layout: `{ path: '/table', component: Layout, children }`.)
      if (view === undefined || (record.children !== undefined && !view.includes('/'))) continue
      const route = `/${fullPath(record).replace(/^\/+/, '')}`
      const at = record.entries.find((entry) => entry.key === 'path')?.keyOffset ?? record.open
      drafts.push(statementDraft(text, at, { framework: 'vue-router', method: 'GET', route }, view))
    }
    return drafts
  },
}
