import type { EntrypointDraft } from '../facts.js'
import { joinRoute, ownEntry, singularOf, withoutTrailingSlash, type DetectContext, type EntrypointDetector } from './detector.js'
import { pluralOf } from './inflections.js'

/** Rails's route files: `config/routes.rb` and the files it draws (`config/routes/admin.rb`). */
const ROUTES_FILE = /(?:^|\/)config\/routes(?:\.rb|\/[^/]+\.rb)$/

/** A resource's actions: method, path after the collection (`:id` the member), and whether a singular `resource` has it. */
const ACTIONS: readonly { readonly action: string; readonly method: string; readonly path: string; readonly member: boolean }[] = [
  { action: 'index', method: 'GET', path: '', member: false },
  { action: 'new', method: 'GET', path: '/new', member: false },
  { action: 'create', method: 'POST', path: '', member: false },
  { action: 'show', method: 'GET', path: '', member: true },
  { action: 'edit', method: 'GET', path: '/edit', member: true },
  { action: 'update', method: 'PATCH', path: '', member: true },
  { action: 'update', method: 'PUT', path: '', member: true },
  { action: 'destroy', method: 'DELETE', path: '', member: true },
]

const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' }

/** Statements that open a block closed by `end` without a `do`. */
const OPENERS = new Set(['if', 'unless', 'case', 'begin', 'def', 'while', 'until', 'class', 'module'])

/** One open `do ... end` block: the path it adds for the routes inside, and the controller path it adds. */
interface Frame {
  readonly path: string
  readonly module: string
  /** For `resources`: the collection (for `collection do`) and member (for `member do`) paths, and the controller. */
  readonly resource?: { readonly collection: string; readonly member: string; readonly controller: string }
  /** The path of the `namespace`s and `scope`s around, without the resources: where a shallow member route goes. @default '' */
  readonly scope?: string
  /** Resources nested here are shallow (`shallow: true` on a parent, a `shallow do` block): their members are not nested. */
  readonly shallow?: boolean
}

/** The first symbol or string argument: `:articles`, `'articles'`, `"/about"`. */
const FIRST = /^\s*(?::(\w+)|(['"])([^'"]*)\2)/
/**
 * A `key: value` (or `:key => value`) option whose value is a symbol, a string, a list of symbols
 * or strings, or a `%i[...]` / `%w[...]` list.
 */
function option(args: string, key: string): string[] | undefined {
  const match = new RegExp(`(?:^|[\\s,(])(?:${key}:|:${key}\\s*=>)\\s*(?::(\\w+)|(['"])([^'"]*)\\2|\\[([^\\]]*)\\]|%[iw]\\[([^\\]]*)\\])`).exec(args)
  if (!match) return undefined
  const list = match[4] ?? match[5]
  if (list !== undefined) return [...list.matchAll(/:?(\w+)/g)].map((m) => m[1] as string)
  return [match[1] ?? match[3] ?? '']
}

/** `shallow: true` (or `:shallow => true`) among a resource's options. */
const SHALLOW = /(?:^|[\s,(])(?:shallow:|:shallow\s*=>)\s*true\b/

/** The target Rails infers for a verb with a path only: `get 'photos/search'` is `photos#search`. */
function inferredTarget(path: string): string {
  const segments = path.replace(/^\//, '').split('/')
  return segments.length >= 2 && segments.every((segment) => /^\w+$/.test(segment)) ? `${segments.slice(0, -1).join('/')}#${segments.at(-1)}` : ''
}

/** `'pages#about'` in `to: 'pages#about'` or `=> 'pages#about'`. */
const TARGET = /(?:to:\s*|=>\s*)(['"])([\w/]+#\w+)\1/
/** A verb's own target, whatever it is: `to: redirect('/x')`, `to: RackApp`, `'/x' => redirect('/y')`. Rails infers none then. */
const TARGET_CLAUSE = /(?:^|[\s,(])to:|^\s*\(?\s*(['"])[^'"]*\1\s*=>/

/**
 * Rails: `config/routes.rb` read line by line with its `do ... end` blocks: `resources`/`resource`
 * (their seven or six actions, `only:`/`except:` as lists or `%i[...]`, nesting as
 * `/articles/:article_id/comments`, `member`/`collection` blocks, `shallow: true` and `shallow do`
 * putting nested members under the scope alone: `/comments/:id`), `namespace` and `scope` paths
 * and modules, the verbs with `to:` or `=>` targets (or the target Rails infers from a path:
 * `photos/search` is `photos#search`), `match ... via:`, and `root`; options as `key:` or
 * `:key =>`. A trailing slash is not part of a route. Handlers are written as Rails writes them:
 * `articles#show`.
 */
export const railsRoutes: EntrypointDetector = {
  framework: 'rails',
  languages: ['ruby'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { path, text } = context.facts
    if (!ROUTES_FILE.test(path)) return []
    const drafts: EntrypointDraft[] = []
    const stack: Frame[] = []
    const top = (): Frame => stack.at(-1) ?? { path: '', module: '' }
    let offset = 0
    const lines = text.split('\n')
    for (let row = 0; row < lines.length; offset += (lines[row] as string).length + 1, row++) {
      const line = (lines[row] as string).replace(/\s+#.*$/, '')
      const match = /^\s*(\w+)\b(.*?)(\bdo\b(?:\s*\|[^|]*\|)?)?\s*$/.exec(line)
      if (!match) continue
      const [, word, rest = '', block] = match as unknown as [string, string, string | undefined, string | undefined]
      if (word === 'end') {
        stack.pop()
        continue
      }
      // Ruby's other blocks close with `end` too.
      if (OPENERS.has(word)) {
        stack.push(top())
        continue
      }
      const here = top()
      const draft = (method: string, route: string, handler: string): void => {
        drafts.push({ kind: 'http-route', framework: 'rails', method, route: withoutTrailingSlash(route || '/'), handler, row, offset, text: line.trim().slice(0, 200) })
      }
      const first = FIRST.exec(rest)
      const name = first ? (first[1] ?? first[3] ?? '') : ''
      let frame: Frame | undefined
      if (word === 'resources' || word === 'resource') {
        const collection = joinRoute(here.path, `/${option(rest, 'path')?.[0] ?? name}`)
        // `module: :import` puts this resource's controllers, and those nested in it, under `import/`.
        const module = option(rest, 'module')?.[0]
        const modules = module ? `${here.module}${module}/` : here.module
        const controller = `${modules}${option(rest, 'controller')?.[0] ?? (word === 'resource' ? pluralOf(name) : name)}`
        const param = option(rest, 'param')?.[0]
        // `shallow: true` (here or on a resource around): a nested resource's members sit under the scope alone (`/comments/:id`).
        const shallow = here.shallow === true || SHALLOW.test(rest)
        const owner = here.resource !== undefined && shallow ? joinRoute(here.scope ?? '', `/${option(rest, 'path')?.[0] ?? name}`) : collection
        const member = word === 'resources' ? `${owner}/:${param ?? 'id'}` : collection
        const only = option(rest, 'only')
        const except = option(rest, 'except')
        for (const action of ACTIONS) {
          if ((only && !only.includes(action.action)) || except?.includes(action.action) || (word === 'resource' && action.action === 'index')) continue
          draft(action.method, `${action.member ? member : collection}${action.path}`, `${controller}#${action.action}`)
        }
        // (A shallow member's nested resources hang from its shallow path: `/comments/:comment_id/likes`.)
        const nested = word === 'resources' ? `${shallow && here.resource !== undefined ? owner : collection}/:${singularOf(name)}_${param ?? 'id'}` : collection
        frame = { path: nested, module: modules, resource: { collection, member, controller }, scope: here.scope ?? '', shallow }
      } else if (word === 'shallow') {
        frame = { ...here, shallow: true }
      } else if (word === 'namespace') {
        const scoped = joinRoute(here.path, `/${option(rest, 'path')?.[0] ?? name}`)
        frame = { path: scoped, module: `${here.module}${name}/`, scope: scoped, ...(here.shallow ? { shallow: true } : {}) }
      } else if (word === 'scope') {
        // `scope '/admin'`, `scope :api` (a symbol is a path too), `scope path: 'x'`; `scope module: 'admin'` adds none.
        const scoped = option(rest, 'path')?.[0] ?? first?.[3] ?? (first?.[1] !== undefined ? `/${first[1]}` : '')
        const module = option(rest, 'module')?.[0]
        // (`scope path: 'v2'` is `/v2`, as `scope '/v2'`.)
        const path = joinRoute(here.path, scoped === '' || scoped.startsWith('/') ? scoped : `/${scoped}`)
        frame = { path, module: module ? `${here.module}${module}/` : here.module, scope: path, ...(here.shallow ? { shallow: true } : {}) }
      } else if (word === 'member' || word === 'collection') {
        const resource = here.resource
        frame = resource ? { path: word === 'member' ? resource.member : resource.collection, module: here.module, resource } : here
      } else if (word === 'root') {
        const target = TARGET.exec(rest)?.[2] ?? first?.[3] ?? ''
        draft('GET', joinRoute(here.path, '/'), target ? `${here.module}${target}` : '')
      } else if (ownEntry(VERBS, word) !== undefined || word === 'match') {
        const methods = word === 'match' ? (option(rest, 'via') ?? ['get']).map((m) => (m === 'all' ? '*' : m.toUpperCase())) : [ownEntry(VERBS, word) as string]
        // A target is under the namespace's module (`namespace :mod` + `'activities#index'` is `mod/activities#index`).
        const written = TARGET.exec(rest)?.[2] ?? (TARGET_CLAUSE.test(rest) || (here.resource && /^\w+$/.test(name)) ? undefined : inferredTarget(name))
        const target = written
          ? `${here.module}${written}`
          : here.resource && /^\w+$/.test(name)
            ? `${here.resource.controller}#${name}`
            : written === '' && here.module !== '' && /^\/?[\w-]+$/.test(name)
              ? // `namespace :webhooks do post 'plaid'`: the namespace's own controller, `webhooks#plaid`.
                `${here.module.slice(0, -1)}#${name.replace(/^\//, '').replaceAll('-', '_')}`
              : ''
        // `get 'preview', on: :member` inside a `resources` block.
        const on = option(rest, 'on')?.[0]
        const base = here.resource && on === 'member' ? here.resource.member : here.resource && on === 'collection' ? here.resource.collection : here.path
        const route = joinRoute(base, name.startsWith('/') ? name : `/${name}`)
        if (name) for (const method of methods) draft(method, route, target)
      }
      if (block) stack.push(frame ?? here)
    }
    return drafts
  },
}
