import type { EdgeRecord, EntrypointRecord, FileLayers, SymbolRecord } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** Frameworks whose routes name a class-based view answering each HTTP method it has a method for (Flask-RESTful's and Flask-RESTX's `Resource`s, Tornado's `RequestHandler`s, Falcon's resources, Beego's controllers too). */
const VIEW_FRAMEWORKS: ReadonlySet<string> = new Set(['django', 'flask', 'quart', 'flask-restful', 'flask-restx', 'tornado', 'falcon', 'beego'])

/** Falcon's `add_route('/x', resource, suffix='item')`, in the route's declaring text: its responders are `on_get_item`, ... */
const FALCON_SUFFIX = /\bsuffix\s*=\s*['"](\w+)['"]/

/**
 * The name of a view's method that answers `name`'s HTTP method (`get`, `post`, ...): the name
 * itself, Falcon's responder `on_get` (`on_get_item` for a route added with `suffix='item'`), or a
 * Beego controller's `Get`.
 */
function responderName(entry: EntrypointRecord): (name: string) => string {
  // (Beego's controllers answer with Go's exported methods: `Get`, `Post`.)
  if (entry.framework === 'beego') return (name) => `${name[0]!.toUpperCase()}${name.slice(1)}`
  if (entry.framework !== 'falcon') return (name) => name
  const suffix = FALCON_SUFFIX.exec(entry.text)?.[1]
  return (name) => `on_${name}${suffix === undefined ? '' : `_${suffix}`}`
}

/** The methods of a view class that answer an HTTP method (Django's `View.dispatch`, Flask's `MethodView`, a `Resource`). */
const HANDLER_METHODS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS' }

/**
 * The HTTP methods the generic views of Django and Django REST framework answer, by class name:
 * a view that extends one answers those (with its own methods).
 */
const GENERIC_VIEWS: Readonly<Record<string, readonly string[]>> = {
  // Django REST framework's `generics`.
  ListAPIView: ['GET'],
  CreateAPIView: ['POST'],
  RetrieveAPIView: ['GET'],
  DestroyAPIView: ['DELETE'],
  UpdateAPIView: ['PUT', 'PATCH'],
  ListCreateAPIView: ['GET', 'POST'],
  RetrieveUpdateAPIView: ['GET', 'PUT', 'PATCH'],
  RetrieveDestroyAPIView: ['GET', 'DELETE'],
  RetrieveUpdateDestroyAPIView: ['GET', 'PUT', 'PATCH', 'DELETE'],
  // Django's generic views.
  TemplateView: ['GET'],
  ListView: ['GET'],
  DetailView: ['GET'],
  ArchiveIndexView: ['GET'],
  YearArchiveView: ['GET'],
  MonthArchiveView: ['GET'],
  WeekArchiveView: ['GET'],
  DayArchiveView: ['GET'],
  TodayArchiveView: ['GET'],
  DateDetailView: ['GET'],
  FormView: ['GET', 'POST'],
  CreateView: ['GET', 'POST'],
  UpdateView: ['GET', 'POST'],
  DeleteView: ['GET', 'POST', 'DELETE'],
}

/** The order of the methods of one view's routes. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** Bases followed up from a view class, at most. */
const MAX_BASES = 8

/** The id of a view route's record for its second (third, ...) method. */
export const METHOD_COPY = /~method\d+$/

/**
 * The HTTP methods a view class answers: its own handler methods and those of its bases in the
 * index, and those of the generic views it extends (`ListCreateAPIView`: GET and POST); empty
 * when none is known (a view that answers through a mixin the index does not hold).
 */
function viewMethods(
  view: SymbolRecord,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  responder: (name: string) => string,
  seen = new Set<string>(),
): Set<string> {
  const out = new Set<string>()
  if (seen.has(view.id) || seen.size >= MAX_BASES) return out
  seen.add(view.id)
  for (const name of Object.keys(HANDLER_METHODS)) {
    const method = index.byQname(view.path, `${view.qname}.${responder(name)}`)
    if (method?.kind === 'method') out.add(HANDLER_METHODS[name] as string)
  }
  for (const edge of resolved(view.path) ?? []) {
    if (edge.kind !== 'extends' || edge.sourceSymbolId !== view.id) continue
    const base = edge.targetSymbolId === '' ? undefined : index.symbol(edge.targetSymbolId)
    const inherited = base?.kind === 'class' ? viewMethods(base, index, resolved, responder, seen) : new Set(GENERIC_VIEWS[edge.target.split('.').at(-1) as string] ?? [])
    for (const method of inherited) out.add(method)
  }
  return out
}

/**
 * The file with each class-based view routed for any method (`path('users/',
 * RegistrationAPIView.as_view())`, Flask's `add_url_rule('/users', view_func=UserAPI.as_view('users'))`:
 * method `*`) given one route per HTTP method its class answers, read from the class (its `post`,
 * `get`, ... and those of its bases; see {@link viewMethods}), or `undefined` when nothing changes.
 * The first keeps the route's id and its declared method in `declaredMethod`; the others' ids end
 * in `~method2`, `~method3`, ... (rebuilt on every call, so a view that gains or loses a method is
 * read again). Run it after the handlers are linked to their symbols.
 */
export function withViewMethods(file: FileLayers, index: SymbolIndex, resolved: (path: string) => readonly EdgeRecord[] | undefined): FileLayers | undefined {
  if (!file.entrypoints.some((entry) => VIEW_FRAMEWORKS.has(entry.framework))) return undefined
  const entrypoints: EntrypointRecord[] = []
  for (const entry of file.entrypoints) {
    if (METHOD_COPY.test(entry.id)) continue
    const declared = entry.declaredMethod ?? entry.method
    const view = declared === '*' && VIEW_FRAMEWORKS.has(entry.framework) && entry.handlerSymbolId ? index.symbol(entry.handlerSymbolId) : undefined
    // (A Go controller is a struct.)
    const answered = view?.kind === 'class' || view?.kind === 'struct' ? viewMethods(view, index, resolved, responderName(entry)) : undefined
    const methods = answered === undefined ? [] : ORDER.filter((method) => answered.has(method))
    if (methods.length === 0) {
      const { declaredMethod: _declared, ...rest } = entry
      entrypoints.push(entry.declaredMethod === undefined ? entry : { ...rest, method: declared, title: `${declared} ${entry.route}` })
      continue
    }
    methods.forEach((method, at) => {
      entrypoints.push({ ...entry, ...(at === 0 ? {} : { id: `${entry.id}~method${at + 1}` }), method, title: `${method} ${entry.route}`, declaredMethod: declared })
    })
  }
  const same = entrypoints.length === file.entrypoints.length && entrypoints.every((entry, at) => JSON.stringify(entry) === JSON.stringify(file.entrypoints[at]))
  return same ? undefined : { ...file, entrypoints }
}
