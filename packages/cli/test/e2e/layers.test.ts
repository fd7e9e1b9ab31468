import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'
import { POLYGLOT } from './fixtures/polyglot.js'

interface Symbol {
  path: string
  name: string
  qname: string
  kind: string
  startLine: number
}
interface Step {
  depth: number
  path: string
  kind: string
  target: string
  resolution: string
  targetPath: string
}
interface Entrypoint {
  kind: string
  method: string
  route: string
  handler: string
  framework: string
  path: string
}

function oneErrorLine(stderr: string): string {
  const lines = stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0] as string
}

describe('rag symbols, rag deps, rag routes (code layers, real binary)', () => {
  let sandbox: Sandbox
  const rag = (args: string[], cwd?: string) => runRag(args, { cwd: cwd ?? sandbox.root, env: sandbox.env })

  beforeAll(async () => {
    sandbox = await createSandbox(POLYGLOT)
    const indexed = await rag(['index', '--layers', '.'])
    expect(indexed.code).toBe(0)
  })
  afterAll(() => sandbox.dispose())

  it('finds definitions by name, glob, kind and language', async () => {
    const exact = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'export_orders']))
    expect(exact.symbols.map((s) => [s.path, s.kind, s.startLine])).toEqual([['tools/shopctl/exporter.py', 'function', 4]])
    const classes = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'Order*', '--kind', 'class', '--lang', 'python']))
    expect(classes.symbols.map((s) => s.qname)).toEqual(['OrderExporter'])
    const methods = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'OrderExporter.*']))
    expect(methods.symbols.map((s) => s.qname).sort()).toEqual(['OrderExporter.__init__', 'OrderExporter.run'])
    // In another case when no symbol is written so (the store selects names as written).
    expect(lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'check'])).symbols.map((s) => s.qname)).toEqual(['Check'])
    const text = await rag(['symbols', 'Check'])
    expect(text.code).toBe(0)
    expect(text.stdout).toBe('svc/internal/health/health.go:6-8  function Check  func Check(w http.ResponseWriter, r *http.Request)\n')
    expect(lastJson<{ truncated: boolean }>(await rag(['--json', 'symbols', 'Check'])).truncated).toBe(false)
    // More than --limit match: the first are shown, and a note (`truncated` in JSON) says more match.
    const limited = await rag(['symbols', 'OrderExporter.*', '--limit', '1'])
    expect(limited.code).toBe(0)
    expect(limited.stdout.trim().split('\n')).toHaveLength(1)
    expect(oneErrorLine(limited.stderr)).toBe('The first 1 definitions are shown; more match (--limit <n> shows more).')
    const limitedJson = lastJson<{ symbols: Symbol[]; truncated: boolean }>(await rag(['--json', 'symbols', 'OrderExporter.*', '--limit', '1']))
    expect([limitedJson.symbols.length, limitedJson.truncated]).toEqual([1, true])
  })

  it('walks imports and importers across JavaScript, Python and Go', async () => {
    const forward = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'web/src/orders.js', '--kind', 'imports']))
    expect(forward.dependencies.map((d) => [d.target, d.resolution, d.targetPath])).toEqual([['./store', 'resolved', 'web/src/store.js']])
    // A kind that leaves nothing: the line says which, and what there is without it.
    const extendsNone = await rag(['deps', 'web/src/orders.js', '--kind', 'extends'])
    expect(extendsNone.code).toBe(0)
    expect(extendsNone.stdout).toMatch(/^web\/src\/orders\.js has no extends edges in the index \(without --kind: 1 imports(, \d+ \w+)*\)\.\n$/)
    const app = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'web/src/app.js', '--kind', 'imports']))
    expect(app.dependencies.map((d) => [d.target, d.resolution, d.targetPath])).toEqual([
      ['express', 'external', ''],
      ['./orders', 'resolved', 'web/src/orders.js'],
      ['./auth/index.js', 'resolved', 'web/src/auth/index.js'],
    ])
    // From a subdirectory, a path relative to the working directory.
    const reverse = await rag(['deps', '--reverse', '--depth', '2', '--kind', 'imports', 'src/store.js'], join(sandbox.root, 'web'))
    expect(reverse.code).toBe(0)
    expect(reverse.stdout).toBe('web/src/orders.js:1 imports ./store -> web/src/store.js\n  web/src/app.js:2 imports ./orders -> web/src/orders.js\n')
    const python = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'tools/shopctl/cli.py', '--kind', 'imports']))
    expect(python.dependencies.map((d) => [d.target, d.resolution, d.targetPath])).toEqual([
      ['click', 'external', ''],
      ['.exporter', 'resolved', 'tools/shopctl/exporter.py'],
      ['.config', 'resolved', 'tools/shopctl/config.py'],
    ])
    const callers = lastJson<{ dependencies: (Step & { sourceQname: string })[] }>(await rag(['--json', 'deps', 'export_orders', '--reverse', '--kind', 'calls']))
    expect(callers.dependencies.map((d) => `${d.path} ${d.sourceQname}`).sort()).toEqual(['tools/shopctl/cli.py export', 'tools/shopctl/exporter.py OrderExporter.run'])
    // A handler's routes: the Express route that reaches listOrders in another file.
    const routed = await rag(['deps', 'listOrders', '--reverse', '--kind', 'routes'])
    expect(routed.stdout).toBe('web/src/app.js:7 routes GET /orders -> web/src/orders.js (listOrders)\n')
    const go = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'svc/main.go', '--kind', 'imports']))
    expect(go.dependencies.find((d) => d.target === 'example.com/shop/svc/internal/health')).toMatchObject({ resolution: 'resolved', targetPath: 'svc/internal/health/' })
    // A directory is its package: the importers of Go's package `health`, from the directory's path.
    const importers = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'svc/internal/health', '--reverse', '--kind', 'imports']))
    expect(importers.dependencies.map((d) => [d.path, d.target, d.targetPath])).toEqual([['svc/main.go', 'example.com/shop/svc/internal/health', 'svc/internal/health/']])
    // `svc/internal` holds no file of its own: the files below it; `svc` holds main.go, so --recursive reaches its subpackages.
    const direct = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'svc', '--reverse', '--kind', 'imports']))
    expect(direct.dependencies).toEqual([])
    const below = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', 'svc', '--reverse', '--kind', 'imports', '--recursive']))
    expect(below.dependencies.map((d) => [d.path, d.targetPath])).toEqual([['svc/main.go', 'svc/internal/health/']])
  })

  it('lists routes and commands, filtered by method, kind and pattern', async () => {
    const post = lastJson<{ entrypoints: Entrypoint[] }>(await rag(['--json', 'routes', '--method', 'post']))
    expect(post.entrypoints.map((e) => `${e.method} ${e.route} ${e.handler} ${e.framework}`)).toEqual(['* /healthz health.Check net/http', '* /version version net/http', 'POST /orders createOrder express'])
    const orders = lastJson<{ entrypoints: Entrypoint[] }>(await rag(['--json', 'routes', '/orders*', '--kind', 'http-route', '--no-tests']))
    expect(orders.entrypoints.map((e) => `${e.method} ${e.route}`)).toEqual(['GET /orders', 'POST /orders', 'DELETE /orders/:id'])
    const commands = lastJson<{ entrypoints: Entrypoint[] }>(await rag(['--json', 'routes', '--kind', 'cli-command']))
    expect(commands.entrypoints.map((e) => `${e.route} ${e.framework}`)).toEqual(['cli click', 'export click', 'purge-cache click'])
    // A test's own server is listed, marked; --no-tests leaves it out.
    const text = await rag(['routes', '--method', 'GET', '/orders'])
    expect(text.stdout).toBe('GET     /orders  listOrders (web/src/orders.js)  web/src/app.js:7  (express)\nGET     /orders  web/test/orders.test.js:6  (express)  [test]\n')
    const application = await rag(['routes', '--method', 'GET', '/orders', '--no-tests'])
    expect(application.stdout).toBe('GET     /orders  listOrders (web/src/orders.js)  web/src/app.js:7  (express)\n')
    // Nothing matches: a note saying what the index has, and exit 1, as `rag symbols`.
    const none = await runRag(['routes', '--framework', 'nope'], { cwd: sandbox.root, env: sandbox.env })
    expect(none.code).toBe(1)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/^No entrypoints with these filters \(without them 11: frameworks click, express, go, net\/http, python; kinds cli-command, http-route, main\) in /)
    expect((await runRag(['routes', '/nothing/here'], { cwd: sandbox.root, env: sandbox.env })).code).toBe(1)
    // A pattern that matches nothing: no filter is blamed; --json exits 1 too, as `symbols --json`.
    const unmatched = await runRag(['routes', '/nothing/here', '--method', 'GET'], { cwd: sandbox.root, env: sandbox.env })
    expect(unmatched.stderr).toMatch(/^No entrypoints match "\/nothing\/here" in /)
    expect((await runRag(['--json', 'routes', '/nothing/here'], { cwd: sandbox.root, env: sandbox.env })).code).toBe(1)
  })

  it('re-extracts only a changed file, and a plain `rag index` keeps the layers', async () => {
    await sandbox.write('tools/shopctl/config.py', 'def load_settings():\n    return {}\n\n\ndef reset_settings():\n    return None\n')
    const run = lastJson<{ stats: { chunked: number } }>(await rag(['--json', 'index', '.']))
    expect(run.stats.chunked).toBe(1)
    const found = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'reset_settings']))
    expect(found.symbols.map((s) => s.path)).toEqual(['tools/shopctl/config.py'])
    expect(lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'export_orders'])).symbols).toHaveLength(1)
  })

  it('escapes terminal control characters from the corpus in text output, not in --json', async () => {
    await sandbox.write('tools/evil\u001b[31mred.py', 'def hidden_payload():\n    return 1\n')
    expect((await rag(['index', '.'])).code).toBe(0)
    const text = await rag(['symbols', 'hidden_payload'])
    expect(text.stdout).toContain('tools/evil\\x1b[31mred.py:1-2')
    expect(text.stdout).not.toContain('\u001b')
    const json = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'hidden_payload']))
    expect(json.symbols[0]?.path).toBe('tools/evil\u001b[31mred.py')
    await sandbox.remove('tools/evil\u001b[31mred.py')
  })

  it('fails with one line for unknown symbols, files outside the root, bad flags, and an index without layers', async () => {
    const unknown = await rag(['deps', 'noSuchThing'])
    expect(unknown.code).toBe(1)
    expect(oneErrorLine(unknown.stderr)).toBe('error: "noSuchThing" is not an indexed file or directory, nor a known symbol.')
    // An empty target is a bad argument, not the working directory.
    const empty = await rag(['deps', ''])
    expect(empty.code).toBe(1)
    expect(oneErrorLine(empty.stderr)).toBe('error: The dependency target must be a file path or a symbol name; received "".')
    const none = await rag(['symbols', 'noSuchThing'])
    expect(none.code).toBe(1)
    expect(oneErrorLine(none.stderr)).toMatch(/^No symbol matches "noSuchThing"/)
    await sandbox.write('../elsewhere.ts', 'export const x = 1\n')
    const outside = await rag(['deps', '../elsewhere.ts'])
    expect(outside.code).toBe(1)
    expect(oneErrorLine(outside.stderr)).toMatch(/^error: .*elsewhere\.ts is outside the indexed root/)
    // The root is a directory too (Go's root package): its own files, here a README without imports.
    const root = await rag(['--json', 'deps', '.'])
    expect(root.code).toBe(0)
    expect(lastJson<{ dependencies: Step[] }>(root).dependencies).toEqual([])
    const everything = lastJson<{ dependencies: Step[] }>(await rag(['--json', 'deps', '.', '--recursive', '--kind', 'imports']))
    expect(new Set(everything.dependencies.map((d) => d.path.split('/')[0]))).toEqual(new Set(['web', 'tools', 'svc']))
    // A directory outside the root is named once, without a doubled slash.
    expect(oneErrorLine((await rag(['deps', '/'])).stderr)).toMatch(/^error: \/ is outside the indexed root /)
    const depth = await rag(['deps', 'Check', '--depth', '0'])
    expect(depth.code).toBe(2)
    expect(oneErrorLine(depth.stderr)).toMatch(/--depth .* '0' is invalid/)
    const method = await rag(['routes', '--method', 'FETCH'])
    expect(method.code).toBe(2)
    expect(oneErrorLine(method.stderr)).toMatch(/--method .* 'FETCH' is invalid\. expected one of GET, POST/)
    // A registered method beyond the common ones (Hono's `app.on('PURGE', ...)`) is a filter, not a bad flag: here only `*` routes serve it.
    const purge = await rag(['routes', '--method', 'purge'])
    expect(purge.code).toBe(0)
    expect(purge.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0])).toEqual(expect.arrayContaining(['*']))
    expect(purge.stdout.trim().split('\n').every((line) => line.startsWith('*'))).toBe(true)
    const kind = await rag(['routes', '--kind', 'page'])
    expect(kind.code).toBe(2)
    oneErrorLine(kind.stderr)
    const language = await rag(['symbols', 'Order*', '--lang', 'cobol'])
    expect(language.code).toBe(2)
    expect(oneErrorLine(language.stderr)).toMatch(/^error: --lang: .*"cobol" is not a language the chunker knows; expected one of typescript, .*python/)
    // An alias names the language; a filter that leaves nothing says what the name has without it.
    const alias = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'Order*', '--kind', 'class', '--lang', 'py']))
    expect(alias.symbols.map((s) => s.qname)).toEqual(['OrderExporter'])
    const filtered = await rag(['symbols', 'OrderExporter', '--kind', 'interface'])
    expect(filtered.code).toBe(1)
    expect(oneErrorLine(filtered.stderr)).toMatch(/^No symbol matches "OrderExporter" with these filters \(without --kind: 1 class\)/)
    // A kind no symbol could have is a bad flag; a kind in another case is that kind.
    const typo = await rag(['symbols', 'OrderExporter', '--kind', 'classes'])
    expect(typo.code).toBe(2)
    expect(oneErrorLine(typo.stderr)).toMatch(/^error: --kind: .*"classes" is not a symbol kind; expected one of function, method, class,/)
    const upper = lastJson<{ symbols: Symbol[] }>(await rag(['--json', 'symbols', 'OrderExporter', '--kind', 'Class']))
    expect(upper.symbols.map((s) => s.kind)).toEqual(['class'])

    const plain = await createSandbox({ 'a.ts': 'export const a = 1\n' })
    try {
      expect((await runRag(['index', '.'], { cwd: plain.root, env: plain.env })).code).toBe(0)
      const noLayers = await runRag(['symbols', 'a'], { cwd: plain.root, env: plain.env })
      expect(noLayers.code).toBe(1)
      expect(oneErrorLine(noLayers.stderr)).toMatch(/has no code layers .*rag index --layers/)
    } finally {
      await plain.dispose()
    }
  })
})
