import { keyArg, keyedString, stringList } from '../args.js'
import type { CallFact, DecoratorFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { callDraft, decoratorDraft, djangoEntries, joinRoute, lastSegment, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'

/** DRF's lookup when a viewset sets none: `lookup_field = 'pk'`, `lookup_value_regex = '[^/.]+'`. */
const DEFAULT_LOOKUP = '(?P<pk>[^/.]+)'

/** The methods an extra action may name (`methods=['post']`), by the lower-case name DRF takes. */
const ACTION_METHODS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS', trace: 'TRACE' }

/** One of a viewset's extra actions: `@action(detail=True, methods=['post'], url_path='favorite')` on a method. */
interface ExtraAction {
  readonly method: SymbolFact
  readonly decorator: DecoratorFact
  /** Whether it routes under the detail route (`^articles/{lookup}/favorite/$`) or the list one (`^articles/favorite/$`). */
  readonly detail: boolean
  /** `url_path=`, else the method's name. */
  readonly urlPath: string
  /** Upper case; `GET` when `methods=` names none. */
  readonly methods: readonly string[]
}

/** What a viewset class of the file says about its routes. */
interface ViewSet {
  /** The named group of its detail routes: `(?P<slug>[^/.]+)` for `lookup_field = 'slug'`. */
  readonly lookup: string
  readonly actions: readonly ExtraAction[]
}

/** A class attribute assigned a string directly in the class body: `lookup_field = 'slug'`. */
function classString(facts: FileFacts, owner: SymbolFact, name: string): string | undefined {
  const body = facts.text.slice(owner.start, owner.end)
  const members = facts.symbols.filter((symbol) => symbol.parent === owner)
  for (const found of body.matchAll(new RegExp(`^[ \\t]+${name}[ \\t]*=[ \\t]*[rRuU]?(['"])((?:\\\\.|(?!\\1)[^\\\\\\n])*)\\1`, 'gm'))) {
    const at = owner.start + found.index
    // In the class body itself, not in one of its methods or nested classes.
    if (!members.some((member) => member.start <= at && at < member.end)) return found[2]
  }
  return undefined
}

/**
 * An extra action: DRF's `@action(detail=..., methods=[...], url_path=...)` (also written
 * `@decorators.action`), or the older `@detail_route` / `@list_route`. Not Django admin's
 * `@admin.action`.
 */
function extraAction(method: SymbolFact, decorator: DecoratorFact): ExtraAction | undefined {
  const name = decorator.name
  const legacy = name === 'detail_route' || name === 'list_route' || name.endsWith('decorators.detail_route') || name.endsWith('decorators.list_route')
  if (name !== 'action' && !name.endsWith('decorators.action') && !legacy) return undefined
  // `action(methods=None, detail=None, url_path=None, ...)`: the methods and `detail` may come first, unnamed (djoser's `@action(["post"], detail=False)`).
  const positional = decorator.args.filter((arg) => !arg.key)
  const detailArg = keyArg(decorator.args, 'detail') ?? (legacy ? undefined : positional[1])
  const detail = legacy ? lastSegment(name) === 'detail_route' : detailArg?.kind === 'name' && detailArg.value === 'True'
  if (!legacy && !(detailArg?.kind === 'name' && (detailArg.value === 'True' || detailArg.value === 'False'))) return undefined
  const methods = stringList(keyArg(decorator.args, 'methods') ?? positional[0]).flatMap((verb) => ownEntry(ACTION_METHODS, verb.toLowerCase()) ?? [])
  return { method, decorator, detail, urlPath: keyedString(decorator.args, 'url_path') ?? method.name, methods: methods.length > 0 ? methods : ['GET'] }
}

/**
 * A viewset class of the file, as DRF's routers read it: the lookup of its detail routes
 * (`lookup_url_kwarg`, else `lookup_field`, matching `lookup_value_regex`) and its extra actions.
 */
function viewSetOf(facts: FileFacts, owner: SymbolFact): ViewSet {
  const kwarg = classString(facts, owner, 'lookup_url_kwarg') ?? classString(facts, owner, 'lookup_field') ?? 'pk'
  const lookup = `(?P<${kwarg}>${classString(facts, owner, 'lookup_value_regex') ?? '[^/.]+'})`
  const actions: ExtraAction[] = []
  for (const method of facts.symbols) {
    if (method.parent !== owner || method.kind !== 'method') continue
    for (const decorator of method.decorators) {
      const action = extraAction(method, decorator)
      if (action) actions.push(action)
    }
  }
  return { lookup, actions }
}

/** A class defined at the top of the file, by name. */
function topLevelClass(facts: FileFacts, name: string): SymbolFact | undefined {
  return facts.symbols.find((symbol) => symbol.kind === 'class' && !symbol.parent && symbol.name === name)
}

/** The route of an extra action after its viewset's prefix (`''` unmounted): `{prefix}/{lookup}/{url_path}{end}`. */
function actionRoute(base: string, lookup: string, action: ExtraAction, end: string): string {
  return joinRoute(base, `${action.detail ? `${lookup}/` : ''}${action.urlPath}${end}`)
}

/** An extra action's drafts, one per method, declared by its method. */
function actionDrafts(action: ExtraAction, route: string, router?: string): EntrypointDraft[] {
  return action.methods.map((verb) => {
    const draft = decoratorDraft(action.method, action.decorator, { kind: 'http-route', framework: 'django-rest-framework', method: verb, route })
    return router === undefined ? draft : { ...draft, router }
  })
}

/** Django REST framework's routers, and whether each one's routes end in a slash. */
function restRouters(calls: readonly CallFact[]): Map<string, boolean> {
  const out = new Map<string, boolean>()
  for (const call of calls) {
    if (call.name !== 'DefaultRouter' && call.name !== 'SimpleRouter') continue
    const variable = call.assignedTo()
    const slash = keyArg(call.args(), 'trailing_slash')
    if (variable) out.set(variable, !(slash?.kind === 'name' && slash.value === 'False'))
  }
  return out
}

/** One `router.register(r'articles', ArticleViewSet)` of the file: the call, the viewset and its routes' base and end. */
interface Registration {
  readonly call: CallFact
  readonly viewset: string
  /** `^articles`, after the route of the URL entry that includes the router in this file. */
  readonly base: string
  /** `/$`, or `$` under `trailing_slash=False`. */
  readonly end: string
}

/** The file's registrations of viewsets on DRF routers. */
function registrations(calls: readonly CallFact[]): Registration[] {
  const routers = restRouters(calls)
  if (routers.size === 0) return []
  // `url(r'^api/', include(router.urls))`: the router's routes live under that entry's route.
  const included = new Map<string, string>()
  for (const { route, view } of djangoEntries(calls)) {
    const urls = view?.kind === 'call' && view.value === 'include' && view.items[0]?.kind === 'name' ? /^(\w+)\.urls$/.exec(view.items[0].value)?.[1] : undefined
    if (urls !== undefined && route?.kind === 'string' && !included.has(urls)) included.set(urls, route.value)
  }
  const out: Registration[] = []
  for (const call of calls) {
    const slash = call.name === 'register' ? routers.get(call.receiver) : undefined
    if (slash === undefined) continue
    const [prefix, viewset] = call.args().filter((arg) => !arg.key)
    if (prefix?.kind !== 'string' || viewset?.kind !== 'name') continue
    const base = joinRoute(included.get(call.receiver) ?? '', `^${prefix.value.replace(/^\^|\/$/g, '')}`)
    out.push({ call, viewset: viewset.value, base, end: slash ? '/$' : '$' })
  }
  return out
}

/**
 * Django REST framework: `router.register(r'articles', ArticleViewSet)` on a `DefaultRouter` or
 * `SimpleRouter` routes a list (`^articles/$`) and a detail (`^articles/(?P<pk>[^/.]+)/$`) to the
 * viewset, as DRF writes them (without the slash under `trailing_slash=False`), under the route of
 * the URL entry that includes `router.urls` in the same file. A viewset class of the same file
 * gives its detail routes its lookup (`lookup_field = 'slug'`: `(?P<slug>[^/.]+)`) and its extra
 * actions their routes (`@action(detail=True, methods=['post'])` on `favorite`:
 * `^articles/(?P<slug>[^/.]+)/favorite/$`); one of another file is mounted there (see
 * {@link restFrameworkMountFacts}, {@link restFrameworkActions}), its detail route keeping `pk`.
 */
const restFrameworkRouters: EntrypointDetector = {
  framework: 'django-rest-framework',
  languages: ['python'],
  imports: ['rest_framework'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const drafts: EntrypointDraft[] = []
    for (const { call, viewset, base, end } of registrations(facts.calls)) {
      const owner = topLevelClass(facts, viewset)
      const { lookup, actions } = owner ? viewSetOf(facts, owner) : { lookup: DEFAULT_LOOKUP, actions: [] }
      for (const route of [`${base}${end}`, `${base}/${lookup}${end}`]) {
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'django-rest-framework', method: '*', route, handler: viewset }))
      }
      for (const action of actions) drafts.push(...actionDrafts(action, actionRoute(base, lookup, action, end)))
    }
    return drafts
  },
}

/**
 * The extra actions of the file's viewsets that no router of the file registers (a `views.py`):
 * `@action(detail=True, url_path='favorite')` gives `(?P<slug>[^/.]+)/favorite/$`, hung from the
 * viewset class, which the URLconf that registers it mounts at its prefix. The slash DRF adds by
 * default ends the route: the router's `trailing_slash=False` is in another file.
 */
const restFrameworkActions: EntrypointDetector = {
  framework: 'django-rest-framework',
  languages: ['python'],
  imports: ['rest_framework'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const registered = new Set(registrations(facts.calls).map((registration) => registration.viewset))
    const drafts: EntrypointDraft[] = []
    for (const owner of facts.symbols) {
      if (owner.kind !== 'class' || owner.parent || registered.has(owner.name)) continue
      const { lookup, actions } = viewSetOf(facts, owner)
      for (const action of actions) drafts.push(...actionDrafts(action, actionRoute('', lookup, action, '/$'), owner.name))
    }
    return drafts
  },
}

/**
 * A viewset of another file registered on a router of this one (`from .views import
 * ArticleViewSet`, then `router.register(r'articles', ArticleViewSet)`) is mounted at the
 * registration's base (`^articles`), so the routes its class declares (its extra actions) get it.
 */
export function restFrameworkMountFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (facts.language !== 'python' || !imports('rest_framework') || !facts.calls.some((call) => call.name === 'register')) return []
  const imported = new Set(facts.imports.flatMap((fact) => fact.names.map((name) => name.alias ?? name.name)))
  const out: MountFact[] = []
  for (const { call, viewset, base } of registrations(facts.calls)) {
    if (!imported.has(viewset.split('.')[0] as string) || topLevelClass(facts, viewset)) continue
    out.push({ target: viewset, prefix: base, router: '', row: call.row, offset: call.offset })
  }
  return out
}

/** The Django REST framework detectors: routers' registrations, and viewsets' extra actions. */
export const REST_FRAMEWORK_DETECTORS: readonly EntrypointDetector[] = [restFrameworkRouters, restFrameworkActions]
