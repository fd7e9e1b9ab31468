import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, JS_LANGUAGES, joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'

/** React Router's route configuration module: `app/routes.ts`. */
const CONFIG_FILE = /(?:^|\/)app\/routes\.[cm]?[jt]sx?$/

/** The configuration helpers of `@react-router/dev/routes`. */
const HELPERS: ReadonlySet<string> = new Set(['route', 'index', 'layout', 'prefix'])

/** A module as a configuration names it, relative to the `app` folder: `routes/home.tsx`. */
const MODULE = /\.[cm]?[jt]sx?$/

/** The path a helper call adds for the helpers nested in it: a `route`'s or a `prefix`'s first argument. */
function pathOf(call: CallFact): string {
  const first = call.args().find((arg) => !arg.key)
  return (call.name === 'route' || call.name === 'prefix') && first?.kind === 'string' ? first.value : ''
}

/**
 * React Router's route configuration (`app/routes.ts`, framework mode): each `route("about",
 * "routes/about.tsx")` and `index("routes/home.tsx")`, nested in `layout(...)`, `prefix(...)` and
 * a route's children, is a GET route whose handler is the module as written. The graph gives the
 * module's own routes (its `loader`, `action` or page) the configured path instead of the one its
 * file name would give under flat routes.
 */
export const reactRouterConfig: EntrypointDetector = {
  framework: 'react-router',
  languages: JS_LANGUAGES,
  imports: ['@react-router/dev/routes'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    if (!CONFIG_FILE.test(facts.path)) return []
    const helpers = facts.calls.filter((call) => HELPERS.has(call.name) && call.receiver === '')
    const drafts: EntrypointDraft[] = []
    for (const call of helpers) {
      if (call.name !== 'route' && call.name !== 'index') continue
      const [first, second] = call.args().filter((arg) => !arg.key)
      const module = call.name === 'index' ? first : second
      if (module?.kind !== 'string' || !MODULE.test(module.value)) continue
      // The paths of the helpers around it, outermost first.
      const base = helpers.filter((outer) => outer.offset < call.offset && call.offset < outer.end()).reduce((path, outer) => joinRoute(path, pathOf(outer)), '')
      const route = call.name === 'route' ? joinRoute(base, pathOf(call)) : base
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'react-router', method: 'GET', route: `/${route.replace(/^\/+/, '')}`, handler: module.value }))
    }
    return drafts
  },
}
