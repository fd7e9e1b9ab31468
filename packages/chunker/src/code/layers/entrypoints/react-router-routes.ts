import { joinRoute } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { statementDraft } from './file-route-drafts.js'
import { constantNames, renderedBy, routeRecords, writtenPath } from './route-records.js'

/** The entries of a route object that say what it renders, in the order read: v6's `element` and `Component`, v5's `component`, a `lazy` module. */
const RENDERS = ['element', 'Component', 'component', 'lazy']

/** An opening `<Route` tag or a closing `</Route>`. */
const ROUTE_TAG = /<(\/?)Route\b/g

/** An attribute of a `<Route>` tag: `path="about"`, `path={'about'}`, `element={<About />}`, a bare `index`. */
const ATTRIBUTE = /(?<=[\s{])([A-Za-z]+)(?:\s*=\s*(?:(["'])([^"']*)\2|\{\s*(['"`])([^'"`]*)\4\s*\}|\{))?/g

/** Where the opening tag starting at `open` ends (its `>`, skipping the braces of attribute values), and whether it closes itself. */
function tagEnd(masked: string, open: number): { end: number; selfClosing: boolean } | undefined {
  let depth = 0
  for (let at = open + 1; at < masked.length; at++) {
    const char = masked[at]
    if (char === '{') depth++
    else if (char === '}') depth--
    else if (char === '>' && depth === 0) return { end: at, selfClosing: masked[at - 1] === '/' }
  }
  return undefined
}

/** The brace depth at each offset of a tag's masked text. */
function braceDepths(tag: string): number[] {
  const out = new Array<number>(tag.length)
  let depth = 0
  for (let at = 0; at < tag.length; at++) {
    if (tag[at] === '}') depth--
    out[at] = depth
    if (tag[at] === '{') depth++
  }
  return out
}

/** The value of a `{...}` attribute starting at `from` (after its `{`), up to its closing brace. */
function braced(masked: string, from: number): string {
  let depth = 1
  for (let at = from; at < masked.length; at++) {
    if (masked[at] === '{') depth++
    else if (masked[at] === '}' && --depth === 0) return masked.slice(from, at)
  }
  return masked.slice(from)
}

/** The routes of JSX `<Route>` elements (`<Route path="about" element={<About />} />`), nested ones under their parents' paths. */
function jsxRoutes(text: string, masked: string, constants: ReadonlySet<string>): EntrypointDraft[] {
  const drafts: EntrypointDraft[] = []
  const stack: string[] = []
  for (const match of masked.matchAll(ROUTE_TAG)) {
    if (match[1] === '/') {
      stack.pop()
      continue
    }
    const tag = tagEnd(masked, match.index)
    if (tag === undefined) break
    const inside = text.slice(match.index, tag.end)
    // (Only the tag's own attributes: not those of an element in a value, `element={<Navigate to="/" />}`.)
    const depths = braceDepths(masked.slice(match.index, tag.end))
    let path: string | undefined
    let index = false
    let handler: string | undefined
    for (const attribute of inside.matchAll(ATTRIBUTE)) {
      if (depths[attribute.index as number] !== 0) continue
      const [, name, , quoted, , bracedString] = attribute
      // (`path={ROUTES.HOME}`: a constant's name, read by the graph.)
      if (name === 'path') path = quoted ?? bracedString ?? writtenPath(braced(masked, match.index + (attribute.index as number) + attribute[0].length), constants)
      else if (name === 'index') index = true
      else if (RENDERS.includes(name as string) || name === 'render') {
        const value = braced(masked, match.index + (attribute.index as number) + attribute[0].length)
        // (`<About />`, `About`, or what a render function gives: `() => <Login />`.)
        handler = (/^\s*<\s*([A-Za-z_$][\w$.]*)/.exec(value) ?? /^\s*([A-Za-z_$][\w$.]*)\s*$/.exec(value) ?? /^\s*\([^)]*\)\s*=>\s*\(?\s*<\s*([A-Za-z_$][\w$.]*)/.exec(value))?.[1] ?? ''
      }
    }
    const parent = stack.at(-1) ?? ''
    const own = path === undefined ? (index ? '' : undefined) : path.startsWith('{') ? path : path.replace(/\\(.)/g, '$1')
    const route = own === undefined ? parent : own.startsWith('/') ? own : joinRoute(parent, own)
    if (!tag.selfClosing) stack.push(route)
    // (A route with children and an element is their layout; one rendering nothing only groups them.)
    if (own === undefined || handler === undefined || !tag.selfClosing) continue
    drafts.push(statementDraft(text, match.index, { framework: 'react-router', method: 'GET', route: `/${route.replace(/^\/+/, '')}` }, handler))
  }
  return drafts
}

/**
 * React Router's routes in a browser app: route objects (`createBrowserRouter([...])`,
 * `useRoutes([...])`, v5's `{ path, component }` configurations), each with an `element`,
 * `Component`, `component` or `lazy` module, and JSX `<Route path="..." element={<X />} />`
 * elements inside `<Routes>` or `<Switch>`: a `GET` route at its path joined under its parents'
 * (an `index` route at its parent's), handled by what it renders (`<Dashboard />` is `Dashboard`;
 * a lazy module as written). A parent that renders a layout for its children is none.
 */
export const reactRouterRoutes: EntrypointDetector = {
  framework: 'react-router',
  languages: JS_LANGUAGES,
  imports: ['react-router', 'react-router-dom'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, masked } = context.facts
    const drafts: EntrypointDraft[] = []
    const constants = constantNames(context.facts)
    for (const record of routeRecords(text, masked, constants)) {
      const renders = RENDERS.map((key) => record.entries.find((entry) => entry.key === key)).find((entry) => entry !== undefined)
      const handler = renderedBy(text, masked, renders)
      if (handler === undefined || (record.children !== undefined && !handler.includes('/'))) continue
      const at = record.entries.find((entry) => entry.key === 'path' || entry.key === 'index')?.keyOffset ?? record.open
      drafts.push(statementDraft(text, at, { framework: 'react-router', method: 'GET', route: record.route }, handler))
    }
    return [...drafts, ...(masked.includes('<Route') ? jsxRoutes(text, masked, constants) : [])]
  },
}
