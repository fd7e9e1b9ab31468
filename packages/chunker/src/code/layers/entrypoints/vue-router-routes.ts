import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { statementDraft } from './file-route-drafts.js'
import { constantNames, renderedBy, routeRecords } from './route-records.js'

/** A module of a project's router folder (`src/router/index.js`, `src/router/modules/table.js`), which may import only its views. */
const ROUTER_FOLDER = /(?:^|\/)router\//

/** What marks a router folder's module as Vue's: a lazily loaded view or the admin templates' `Layout`, or an imported `.vue` file. */
const VUE_VIEWS = /\bcomponent\s*:\s*(?:\(\)\s*=>\s*import\(|Layout\b)|from\s+['"][^'"]+\.vue['"]/

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
    const drafts: EntrypointDraft[] = []
    for (const record of routeRecords(text, masked, constantNames(context.facts))) {
      const view = renderedBy(text, masked, record.entries.find((entry) => entry.key === 'component'))
      // (A record with children rendering a named component is their layout: `{ path: '/table', component: Layout, children }`.)
      if (view === undefined || (record.children !== undefined && !view.includes('/'))) continue
      const at = record.entries.find((entry) => entry.key === 'path')?.keyOffset ?? record.open
      drafts.push(statementDraft(text, at, { framework: 'vue-router', method: 'GET', route: record.route }, view))
    }
    return drafts
  },
}
