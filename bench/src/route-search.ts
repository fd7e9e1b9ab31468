/**
 * Asking for the code that serves an HTTP route with `rag.search`, on a real web application's
 * checkout (outline/outline, say: no copy is in the bench data, fetch one). The truth comes from
 * the checkout's text, not from our entrypoints layer: every route registration a regular
 * expression finds under `--under` (`router.post("documents.move", ...)`, `app.get('/users/:id',
 * ...)`: a router method called with a string literal first), its path joined to `--prefix`. Each
 * route is asked in four forms (`POST /api/documents.move`, `which handler serves POST
 * /api/documents.move`, the bare path, `what does /api/documents.move return`); a hit is the chunk
 * that holds the registration's line. The figures are hit@1, hit@10 and MRR@10 of `search(q, 10)`
 * on an index without code layers (the chunk streams alone) and with them (the routes stream joins).
 *
 * Run: `cd bench && npx tsx src/route-search.ts --root /tmp/outline [--under server/routes/api] [--prefix /api]`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createRag, type RagService } from '@rag/session'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

const ROOT = option('root', '')
const UNDER = option('under', 'server/routes/api')
const PREFIX = option('prefix', '/api')
const FORMS = ['{method} {path}', 'which handler serves {method} {path}', '{path}', 'what does {path} return']
/** A router's method called with a string literal first: `router.post("documents.move"`, `app.get('/users/:id'`. */
const REGISTRATION = /\b(?:router|app|api|server)\.(get|post|put|patch|delete)\(\s*["'`]([\w.\-/:{}]+)["'`]/g
const SOURCE = /\.[cm]?[jt]sx?$/
const TEST = /(^|\/)(__tests__|tests?)\/|\.(test|spec)\.[cm]?[jt]sx?$/

interface Route {
  readonly method: string
  readonly path: string
  readonly file: string
  readonly line: number
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !TEST.test(file))
    .sort()
}

function routesOf(files: readonly string[]): Route[] {
  const out: Route[] = []
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    for (const match of text.matchAll(REGISTRATION)) {
      const path = `${PREFIX}/${match[2]!.replace(/^\//, '')}`.replace(/\/+/g, '/')
      out.push({ method: match[1]!.toUpperCase(), path, file, line: text.slice(0, match.index).split('\n').length })
    }
  }
  return out
}

async function score(rag: RagService, routes: readonly Route[], form: string): Promise<string> {
  let first = 0
  let inTen = 0
  let reciprocal = 0
  for (const route of routes) {
    const hits = await rag.search(form.replace('{method}', route.method).replace('{path}', route.path), 10)
    const at = hits.findIndex(({ document: { metadata } }) => metadata['file'] === route.file && Number(metadata['startLine']) <= route.line && route.line <= Number(metadata['endLine']))
    if (at === 0) first++
    if (at >= 0) {
      inTen++
      reciprocal += 1 / (at + 1)
    }
  }
  const n = routes.length
  return `${(first / n).toFixed(3)} | ${(inTen / n).toFixed(3)} | ${(reciprocal / n).toFixed(3)}`
}

async function main(): Promise<void> {
  if (ROOT === '') throw new Error('Give the checkout: --root DIR')
  const routes = routesOf(sourceFiles(join(ROOT, UNDER)))
  if (routes.length === 0) throw new Error(`No route registration found under ${join(ROOT, UNDER)}`)
  const plain = createRag()
  const layered = createRag({ layers: true })
  await plain.indexDirectory(ROOT)
  await layered.indexDirectory(ROOT)
  console.log(`${routes.length} routes registered under ${UNDER} of ${ROOT} (prefix ${PREFIX})\n`)
  console.log('| query form | index | hit@1 | hit@10 | MRR@10 |\n|---|---|---|---|---|')
  for (const form of FORMS) {
    console.log(`| \`${form}\` | without layers | ${await score(plain, routes, form)} |`)
    console.log(`| \`${form}\` | with layers (routes stream) | ${await score(layered, routes, form)} |`)
  }
}

await main()
