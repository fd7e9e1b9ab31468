import { dependentFramework } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { defaultExportDraft, folderRoute, methodHandlerDrafts } from './file-route-drafts.js'

/** The methods an App Router route handler exports, each served as itself. */
const NEXT_METHODS: ReadonlyMap<string, string> = new Map(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((method) => [method, method]))

/** App Router route handlers: `app/**\/route.ts`. */
const APP_ROUTE = /(?:^|\/)app\/((?:[^/]+\/)*)route\.[cm]?[jt]sx?$/
/** App Router pages: `app/**\/page.tsx`, served on GET. */
const APP_PAGE = /(?:^|\/)app\/((?:[^/]+\/)*)page\.[cm]?[jt]sx?$/
/** Pages Router files: `pages/**` (`pages/api/**` are API routes, the rest pages). */
const PAGES_FILE = /(?:^|\/)pages\/((?:[^/]+\/)*[^/]+?)\.[cm]?[jt]sx?$/

/**
 * App Router metadata routes written as code (`app/sitemap.ts`, `app/robots.ts`,
 * `app/blog/[slug]/opengraph-image.tsx`): group 1 the folders, 2 the file's name.
 */
const METADATA_ROUTE = /(?:^|\/)app\/((?:[^/]+\/)*)(sitemap|robots|manifest|icon|apple-icon|opengraph-image|twitter-image)\.[cm]?[jt]sx?$/

/** The extension a metadata route's URL has: `sitemap.ts` serves `/sitemap.xml` (images serve their name alone). */
const METADATA_EXTENSIONS: Readonly<Record<string, string>> = { sitemap: '.xml', robots: '.txt', manifest: '.webmanifest' }

/** The framework of a page that names none: Next.js's when its package depends on `next`. */
const NEXT_BY_DEPENDENCY = dependentFramework([['next', 'nextjs']])

/** Data functions only the Pages Router calls: a file with one is a page even without an import of `next`. */
const PAGE_DATA_FUNCTIONS = new Set(['getServerSideProps', 'getStaticProps', 'getStaticPaths', 'getInitialProps'])

/**
 * A file-system route from the folders under `app/` or `pages/`: route groups (`(shop)`) and
 * parallel-route slots (`@modal`) do not show in the URL, `index` is its folder; `undefined` for
 * a private folder or file (`_components`, `_app`), which is not routed.
 */
function fileRoute(path: string): string | undefined {
  const segments = path.split('/').filter((s) => !s.startsWith('@'))
  return segments.some((s) => s.startsWith('_')) ? undefined : folderRoute(segments)
}

/**
 * Next.js file-system routes: App Router route handlers (`app/**\/route.ts` exporting `GET`,
 * `POST`, ..., also as `export { handler as GET }` or `export const { GET, POST } = handlers`) and pages (`app/**\/page.tsx`, GET); Pages Router API routes (`pages/api/**`, any
 * method, whatever the default export is: `NextAuth(options)` too) and pages (`pages/**`, GET;
 * since other tools name folders `pages` too, a page that neither imports `next` nor has a data
 * function such as `getServerSideProps` is Next's only when its package depends on `next`).
 */
export const nextRoutes: EntrypointDetector = {
  framework: 'nextjs',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { path, symbols } = context.facts
    if (!path.includes('app/') && !path.includes('pages/')) return []
    const handlers = APP_ROUTE.exec(path)
    if (handlers) {
      const route = fileRoute(handlers[1] as string)
      if (route === undefined) return []
      return methodHandlerDrafts(context, NEXT_METHODS, 'nextjs', route)
    }
    const metadata = METADATA_ROUTE.exec(path)
    if (metadata) {
      const folder = fileRoute(metadata[1] as string)
      const name = metadata[2] as string
      const served = `${name}${METADATA_EXTENSIONS[name] ?? ''}`
      const draft = folder === undefined ? undefined : defaultExportDraft(context, { framework: 'nextjs', method: 'GET', route: folder === '/' ? `/${served}` : `${folder}/${served}` })
      return draft ? [draft] : []
    }
    const page = APP_PAGE.exec(path)
    const pagesFile = page ? undefined : PAGES_FILE.exec(path)
    const route = page ? fileRoute(page[1] as string) : pagesFile ? fileRoute(pagesFile[1] as string) : undefined
    if (route === undefined) return []
    const api = pagesFile !== undefined && (route === '/api' || route.startsWith('/api/'))
    // A page that imports nothing of Next's and has no data function (`export default function About()`) is Next's
    // when its package depends on `next` (other tools name folders `pages` too): the layer graph reads that.
    const unmarked = pagesFile !== undefined && !api && !context.imports('next') && !symbols.some((s) => !s.parent && PAGE_DATA_FUNCTIONS.has(s.name))
    const draft = defaultExportDraft(context, { framework: unmarked ? NEXT_BY_DEPENDENCY : 'nextjs', method: api ? '*' : 'GET', route })
    return draft ? [draft] : []
  },
}
