import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'
import { statementDraft } from './file-route-drafts.js'
import { objectEntries } from './object-literal.js'
import { constantNames, renderedBy, routeRecords } from './route-records.js'

/** The package whose import marks a file's route records as Angular's. */
const ANGULAR_ROUTER = '@angular/router'

/** The entries of a route that say what it renders: a component, or one loaded lazily. */
const RENDERS = ['component', 'loadComponent']

/** A lazily loaded component taken from its module: `() => import('./about.component').then((m) => m.AboutComponent)` (group 2). */
const LAZY_CLASS = /^\s*(?:async\s*)?\(\)\s*=>\s*import\([^)]*\)\s*\.\s*then\(\s*\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\1\s*\.\s*([A-Za-z_$][\w$]*)\s*\)\s*$/

/**
 * Angular's routes (`Routes` arrays handed to `provideRouter`, `RouterModule.forRoot` or
 * `forChild`, in a file that imports `@angular/router`): each `{ path, component }` or
 * `{ path, loadComponent: () => import('./about.component') }` is a `GET` route at its path
 * joined under its parents' (`path: ''` is its parent's, `'**'` the fallback), handled by its
 * component (a lazily loaded one as the class its `.then((m) => m.AboutComponent)` takes, else as
 * its module). A route with children rendering a named component
 * lays them out (its own path is served by the child at `''`); a redirect renders nothing. The
 * routes of a module loaded by `loadChildren` are under the loading route's path
 * ({@link angularLoadedChildren}).
 */
export const angularRoutes: EntrypointDetector = {
  framework: 'angular',
  languages: JS_LANGUAGES,
  imports: [ANGULAR_ROUTER],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, masked } = context.facts
    const drafts: EntrypointDraft[] = []
    for (const record of routeRecords(text, masked, constantNames(context.facts))) {
      const renders = RENDERS.map((key) => record.entries.find((entry) => entry.key === key)).find((entry) => entry !== undefined)
      // (`import('./about.component').then((m) => m.AboutComponent)`: the class the module gives.)
      const handler = (renders === undefined ? undefined : LAZY_CLASS.exec(text.slice(renders.valueStart, renders.valueEnd))?.[2]) ?? renderedBy(text, masked, renders)
      if (handler === undefined || handler === '' || (record.children !== undefined && !handler.includes('/'))) continue
      const at = record.entries.find((entry) => entry.key === 'path')?.keyOffset ?? record.open
      drafts.push(statementDraft(text, at, { framework: 'angular', method: 'GET', route: record.route }, handler))
    }
    return drafts
  },
}

/**
 * Angular's lazily loaded child routes: `{ path: 'admin', loadChildren: () => import('./admin/admin.routes') }`
 * mounts the loaded module's routes (its `Routes` array, or those of the `NgModule` it loads) at
 * the record's path, as `require('./api')` mounts a module in Express (target `import('./admin/admin.routes')`).
 */
export function angularLoadedChildren(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language) || !imports(ANGULAR_ROUTER) || !facts.masked.includes('loadChildren')) return []
  const out: MountFact[] = []
  for (const record of routeRecords(facts.text, facts.masked, constantNames(facts))) {
    const loads = record.entries.find((entry) => entry.key === 'loadChildren')
    // (`() => import('./admin/admin.routes').then((m) => m.ADMIN_ROUTES)`: the module as written. A project module, relative; a package's routes are not indexed.)
    const module = renderedBy(facts.text, facts.masked, loads)
    if (module === undefined || !/^\.{1,2}\//.test(module)) continue
    out.push({ target: `import('${module}')`, prefix: record.route, router: '', row: rowOfOffset(facts.text, loads!.keyOffset), offset: loads!.keyOffset })
  }
  return out
}

/** An `@NgModule({` decorator's opening brace (in the masked text). */
const NG_MODULE = /@NgModule\(\s*\{/g

/** A routing module's name by Angular's convention: `AppRoutingModule`, `ChartsRoutingModule`. */
const ROUTING_MODULE = /^[A-Z]\w*Routing\w*$/

/** The names written in `masked` between two offsets, with where each is. */
function* names(masked: string, start: number, end: number): Generator<{ text: string; offset: number }> {
  for (const name of masked.slice(start, end).matchAll(/[A-Za-z_$][\w$]*/g)) yield { text: name[0], offset: start + (name.index as number) }
}

/**
 * The routing modules an `NgModule` of the project imports (`imports: [ThemeModule,
 * ChartsRoutingModule]` or a list of the file it spreads, `ChartsRoutingModule` imported from
 * `./charts-routing.module`): a feature module loaded by `loadChildren` serves the routes its
 * routing module declares, so each such import mounts that module where the feature module is
 * mounted (target `import('./charts-routing.module')`, no path of its own). Only names of
 * Angular's convention for routing modules (`...RoutingModule`), imported from a relative path.
 */
export function angularRoutingModules(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language) || !imports('@angular/core') || !facts.masked.includes('@NgModule')) return []
  const out: MountFact[] = []
  for (const decorator of facts.masked.matchAll(NG_MODULE)) {
    const open = decorator.index + decorator[0].length - 1
    const listed = objectEntries(facts.masked, open).find((entry) => entry.key === 'imports')
    if (listed === undefined) continue
    // (Also the names of a list of the file the array spreads: `imports: [...MODULES]`.)
    const spans: [number, number][] = [[listed.valueStart, listed.valueEnd]]
    for (const name of names(facts.masked, listed.valueStart, listed.valueEnd)) {
      const list = facts.symbols.find((symbol) => symbol.parent === undefined && symbol.name === name.text && symbol.kind === 'constant')
      if (list !== undefined) spans.push([list.start, list.end])
    }
    for (const [start, end] of spans) {
      for (const name of names(facts.masked, start, end)) {
        if (!ROUTING_MODULE.test(name.text)) continue
        const from = facts.imports.find((fact) => /^\.{1,2}\//.test(fact.specifier) && fact.names.some((bound) => (bound.alias ?? bound.name) === name.text))
        if (from === undefined || out.some((mount) => mount.target === `import('${from.specifier}')`)) continue
        out.push({ target: `import('${from.specifier}')`, prefix: '', router: '', row: rowOfOffset(facts.text, name.offset), offset: name.offset })
      }
    }
  }
  return out
}
