import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'
import { RUBY_CLOSED_ON_LINE, RUBY_OPENERS } from './ruby-blocks.js'

/** Grape's route verbs. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS', head: 'HEAD' }

/** The words that open a block adding a path segment: `resource :statuses do`, `namespace 'admin' do`, `route_param :id do`. */
const NAMESPACES: ReadonlySet<string> = new Set(['resource', 'resources', 'namespace', 'group', 'segment', 'route_param'])

/**
 * A statement of a Grape API's body: its first word, a symbol or string argument, and whether it
 * opens a `do ... end` or `{ ... }` block (`get :public_timeline do`, `resource :users do`,
 * `route_param :id, type: Integer do`, `prefix :api`, `version 'v1', using: :path`).
 */
const STATEMENT = /^\s*(\w+)\s*\(?\s*(?::(\w+)|(['"])([^'"]*)\3)?[^#]*?(\bdo\b(?:\s*\|[^|]*\|)?|\{(?:\s*\|[^|]*\|)?)?\s*(?:#.*)?$/

/** A class of a Grape API: `class API < Grape::API` (also Grape's older `Grape::API::Instance`). */
const API_CLASS = /^\s*class\s+([\w:]+)\s*<\s*Grape::API\b/

/** A `begin`, `if`, `unless` or `case` whose value a line assigns or passes (`params[k] = begin`): it closes with an `end` too. */
const VALUE_OPENER = /(?:=|\(|\|\||&&)\s*(?:begin|if|unless|case)\b(?!.*\bend\b)/

/** `mount V1::Users`, `mount Twitter::V2 => '/v2'`: the mounted API and its path. */
const MOUNT = /^\s*mount\s+(?:::)?([A-Z][\w:]*)(?:\s*=>\s*(['"])([^'"]*)\2)?/

/** `version 'v1'` with `using: :header`, `:param` or `:accept_version_header`: no segment of the path (`:path`, the default, is). */
const VERSION_OFF_PATH = /\busing:\s*:(?:header|param|accept_version_header)\b/

/** One open block of a Grape API file: the path it adds, and for a class, its name and own prefix and version. */
interface Block {
  readonly segment: string
  readonly api?: { readonly name: string; prefix: string; version: string }
}

/** What one walk of a Grape file finds: its routes, and the APIs it mounts under their paths. */
interface GrapeWalk {
  readonly drafts: EntrypointDraft[]
  readonly mounts: MountFact[]
}

/** The last file walked: its routes and its mounts are read from one walk (the detector's, then the mounts'). */
let lastWalk: { readonly text: string; readonly found: GrapeWalk } | undefined

/** {@link walkLines} of `text`, once for both its readers. */
function walk(text: string): GrapeWalk {
  if (lastWalk?.text !== text) lastWalk = { text, found: walkLines(text) }
  return lastWalk.found
}

/** Walks a Ruby file's lines with their `do ... end` and `{ ... }` blocks, collecting Grape's routes and mounts. */
function walkLines(text: string): GrapeWalk {
  const drafts: EntrypointDraft[] = []
  const mounts: MountFact[] = []
  const stack: Block[] = []
  let offset = 0
  const lines = text.split('\n')
  // The path of the innermost API class and the blocks inside it.
  const pathHere = (): { api: Block['api']; path: string } => {
    let at = stack.length - 1
    while (at >= 0 && stack[at]!.api === undefined) at--
    const api = at < 0 ? undefined : stack[at]!.api
    const head = api === undefined ? '' : joinRoute(api.prefix, api.version)
    return { api, path: stack.slice(at + 1).reduce((path, block) => joinRoute(path, block.segment), head) }
  }
  for (let row = 0; row < lines.length; offset += lines[row]!.length + 1, row++) {
    const line = lines[row]!
    if (/^\s*(?:end\b|\})/.test(line)) {
      stack.pop()
      continue
    }
    const api = API_CLASS.exec(line)
    if (api) {
      stack.push({ segment: '', api: { name: api[1]!.split('::').at(-1)!, prefix: '', version: '' } })
      continue
    }
    const mount = MOUNT.exec(line)
    const here = pathHere()
    if (mount && here.api) {
      mounts.push({ target: mount[1]!.replace(/::/g, '.'), prefix: rooted(joinRoute(here.path, mount[3] ?? '')), router: here.api.name, row, offset })
      continue
    }
    const match = STATEMENT.exec(line)
    if (!match) {
      // (`@limit = begin`: no statement of Grape's, but a block all the same.)
      if (VALUE_OPENER.test(line)) stack.push({ segment: '' })
      continue
    }
    const [, word = '', symbol, , quoted, block] = match
    const argument = symbol ?? quoted
    const closed = RUBY_CLOSED_ON_LINE.test(line)
    if (here.api && block === undefined && argument !== undefined && (word === 'prefix' || word === 'version')) {
      if (word === 'prefix') here.api.prefix = argument
      else if (!VERSION_OFF_PATH.test(line)) here.api.version = argument
      continue
    }
    const method = ownEntry(VERBS, word)
    if (here.api && method !== undefined && (block !== undefined || closed)) {
      drafts.push({ kind: 'http-route', framework: 'grape', method, route: rooted(joinRoute(here.path, argument ?? '')), handler: '', row, offset, text: line.trim().slice(0, 200), router: here.api.name })
    }
    if (closed) continue
    if (block !== undefined) stack.push({ segment: NAMESPACES.has(word) && argument !== undefined ? (word === 'route_param' ? `:${argument}` : argument) : '' })
    else if (RUBY_OPENERS.has(word) || VALUE_OPENER.test(line)) stack.push({ segment: '' })
  }
  return { drafts, mounts }
}

/** What marks a file as a Grape API's: a class deriving from `Grape::API`. */
const GRAPE_API = /<\s*Grape::API\b/

/**
 * Grape's APIs (`class API < Grape::API`): `get :public_timeline do`, `post do`, `put ':id' do` and
 * the other verbs, under the class's `prefix` and path `version` (`version 'v1'`, Grape's default
 * `using: :path`; a header or parameter version adds none) and the paths of the `resource`,
 * `namespace`, `group`, `segment` and `route_param :id` blocks around them. The handler is the
 * block (inline); the route's router is its API class, which another API may mount
 * ({@link grapeMounts}).
 */
export const grapeRoutes: EntrypointDetector = {
  framework: 'grape',
  languages: ['ruby'],
  imports: ['grape'],
  mentions: GRAPE_API,
  detect: (context: DetectContext) => (GRAPE_API.test(context.facts.text) ? walk(context.facts.text).drafts : []),
}

/**
 * Grape's mounts: `mount V1::Users` (or `mount Twitter::V2 => '/v2'`) in an API class serves the
 * mounted API's routes under the mounting API's prefix, version and blocks (and the path given).
 */
export function grapeMounts(facts: FileFacts): MountFact[] {
  return facts.language === 'ruby' && GRAPE_API.test(facts.text) && /^\s*mount\s/m.test(facts.text) ? walk(facts.text).mounts : []
}
