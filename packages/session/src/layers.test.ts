import { mkdtemp, rename, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ConfigError, InvalidArgumentError } from '@rag/core'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { createRag, openRag, storeOptions } from './create-rag.js'
import { checkUnmatchedKind } from './layer-api.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

const FILES: Record<string, string> = {
  'src/auth/token.ts': 'export function verifyToken(token: string): boolean {\n  return token.length > 20\n}\n',
  'src/auth/middleware.ts': [
    "import { verifyToken } from './token'",
    'export function authMiddleware(header: string): boolean {',
    '  return verifyToken(header)',
    '}',
    '',
  ].join('\n'),
  'src/server.ts': [
    "import express from 'express'",
    "import { authMiddleware } from './auth/middleware'",
    'const app = express()',
    "app.get('/orders/:id', showOrder)",
    "app.post('/orders', (req, res) => res.send(authMiddleware('x')))",
    'export function showOrder(req: unknown, res: unknown) {}',
    '',
  ].join('\n'),
  'README.md': '# Shop\n',
}

let repo: TempRepo | undefined
afterEach(async () => {
  await repo?.dispose()
  repo = undefined
})

describe('RagService code layers (in memory)', () => {
  it('lists queue jobs (a Celery task) as `job`, apart from scheduled jobs', async () => {
    repo = await createTempRepo({
      'tasks.py': 'from celery import shared_task\nfrom apscheduler.schedulers.blocking import BlockingScheduler\n\nsched = BlockingScheduler()\n\n\n@shared_task\ndef send_email(to):\n    return to\n\n\n@sched.scheduled_job("cron", hour=6)\ndef report():\n    return None\n',
    })
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    expect((await rag.entrypoints({ kind: 'job' })).map((e) => `${e.framework} ${e.route} ${e.handler}`)).toEqual(['celery send_email send_email'])
    expect((await rag.entrypoints({ kind: 'scheduled' })).map((e) => `${e.framework} ${e.route} ${e.handler}`)).toEqual(['apscheduler cron hour=6 report'])
  })

  it('answers symbols, dependencies and entrypoints from the indexed tree', async () => {
    repo = await createTempRepo(FILES)
    const rag = createRag({ layers: true })
    const report = await rag.indexDirectory(repo.root)
    expect(report.layeredFiles).toBe(4)
    expect((await rag.symbols('verifyToken')).map((s) => [s.path, s.kind, s.startLine])).toEqual([['src/auth/token.ts', 'function', 1]])
    expect((await rag.symbols('*Middleware', { kind: 'function' })).map((s) => s.name)).toEqual(['authMiddleware'])
    const imports = await rag.dependencies('src/auth/middleware.ts')
    expect(imports.find((s) => s.edge.kind === 'imports')?.edge).toMatchObject({ target: './token', resolution: 'resolved', targetPath: 'src/auth/token.ts' })
    const importers = await rag.dependencies(join(repo.root, 'src/auth/token.ts'), { reverse: true, depth: 2 })
    expect(importers.map((s) => `${s.depth} ${s.edge.path}`)).toEqual(expect.arrayContaining(['1 src/auth/middleware.ts', '2 src/server.ts']))
    const callers = await rag.dependencies('verifyToken', { reverse: true, kinds: ['calls'] })
    expect(callers.map((s) => s.edge.sourceQname)).toEqual(['authMiddleware'])
    const routes = await rag.entrypoints({ kind: 'http-route' })
    expect(routes.map((r) => `${r.method} ${r.route} ${r.handler}`)).toEqual(['GET /orders/:id showOrder', 'POST /orders '])
    expect((await rag.entrypoints({ method: 'post' })).map((r) => r.route)).toEqual(['/orders'])
    // The status counts them: middleware -> token (import, call), server -> middleware (import, call); express is external.
    const symbols = (await rag.symbols('*')).length
    expect((await rag.getStatus()).layers).toEqual({ files: 4, symbols, resolvedEdges: 4, entrypoints: 2 })
  })

  it('re-extracts only the changed file, and a rename re-resolves the importers', async () => {
    repo = await createTempRepo(FILES)
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    await repo.write('src/auth/token.ts', 'export function verifyToken(token: string): boolean {\n  return checkExpiry(token)\n}\nexport function checkExpiry(token: string) {\n  return true\n}\n')
    const edit = await rag.indexDirectory(repo.root)
    expect(edit.layeredFiles).toBe(1)
    expect((await rag.symbols('checkExpiry')).map((s) => s.path)).toEqual(['src/auth/token.ts'])

    await repo.write('src/auth/token/index.ts', '')
    await rename(join(repo.root, 'src/auth/token.ts'), join(repo.root, 'src/auth/token/index.ts'))
    const moved = await rag.indexDirectory(repo.root)
    expect(moved.layeredFiles).toBe(1)
    const imports = await rag.dependencies('src/auth/middleware.ts', { kinds: ['imports'] })
    expect(imports.map((s) => s.edge.targetPath)).toEqual(['src/auth/token/index.ts'])
    expect((await rag.symbols('verifyToken')).map((s) => s.path)).toEqual(['src/auth/token/index.ts'])

    await repo.remove('src/auth/token')
    await rag.indexDirectory(repo.root)
    expect((await rag.dependencies('src/auth/middleware.ts', { kinds: ['imports'] }))[0]?.edge.resolution).toBe('unresolved')
    await expect(rag.symbols('verifyToken')).resolves.toEqual([])
  })

  it('undoes the layer change with the chunks when a later swap of the commit fails', async () => {
    repo = await createTempRepo(FILES)
    let failing = false
    const stream = {
      name: 'flaky',
      search: async () => [],
      replaceDocuments: async () => {
        if (failing) throw new Error('disk full')
      },
    }
    const rag = createRag({ layers: true, streams: [{ stream, weight: 0.1 }] })
    await rag.indexDirectory(repo.root)
    await repo.write('src/auth/token.ts', 'export function renamedCheck(token: string) {\n  return true\n}\n')
    failing = true
    await expect(rag.indexDirectory(repo.root)).rejects.toThrow(/disk full/)
    expect(await rag.symbols('renamedCheck')).toEqual([])
    expect((await rag.symbols('verifyToken')).map((s) => s.path)).toEqual(['src/auth/token.ts'])
    expect((await rag.dependencies('src/auth/middleware.ts', { kinds: ['imports'] }))[0]?.edge.targetSymbolId).not.toBe('')
    failing = false
    await rag.indexDirectory(repo.root)
    expect((await rag.symbols('renamedCheck')).map((s) => s.path)).toEqual(['src/auth/token.ts'])
  })

  it('refuses bad queries with typed one-line errors', async () => {
    repo = await createTempRepo(FILES)
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    await expect(rag.dependencies('/etc/passwd')).rejects.toThrow(InvalidArgumentError)
    await expect(rag.dependencies('/etc/passwd')).rejects.toThrow(/outside the indexed root/)
    await expect(rag.dependencies('../elsewhere/a.ts')).rejects.toThrow(/outside the indexed root/)
    // A path through a symbolic link to the root names the same file.
    const link = join(await mkdtemp(join(tmpdir(), 'rag-link-')), 'linked-root')
    await symlink(repo.root, link)
    expect((await rag.dependencies(join(link, 'src/auth/token.ts'), { reverse: true })).map((step) => step.edge.path)).toContain('src/auth/middleware.ts')
    await expect(rag.dependencies(join(link, '../elsewhere/a.ts'))).rejects.toThrow(/outside the indexed root/)
    await rm(dirname(link), { recursive: true, force: true })
    await expect(rag.dependencies('noSuchSymbol')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(rag.dependencies('src/auth/token.ts', { depth: 0 })).rejects.toThrow(/depth must be a positive integer/)
    await expect(rag.dependencies('src/auth/token.ts', { kinds: ['uses' as never] })).rejects.toThrow(/Edge kind must be one of/)
    await expect(rag.symbols('')).rejects.toThrow(InvalidArgumentError)
    await expect(rag.entrypoints({ kind: 'page' as never })).rejects.toThrow(/Entrypoint kind must be one of http-route, cli-command, main, scheduled, job; received "page"/)
    await expect(rag.entrypoints({ excludeTests: 'yes' as never })).rejects.toThrow(/excludeTests must be a boolean; received "yes"/)
    await expect(rag.symbols('verifyToken', { excludeTests: 1 as never })).rejects.toThrow(/symbols option excludeTests must be a boolean/)
    // A kind is the built-in chunker's in any case; one no symbol could have is a typo, not an empty answer.
    expect((await rag.symbols('verifyToken', { kind: 'FUNCTION' })).map((s) => s.kind)).toEqual(['function'])
    expect(await rag.symbols('verifyToken', { kind: 'struct' })).toEqual([])
    await expect(rag.symbols('verifyToken', { kind: 'fn' })).rejects.toThrow(/symbols option kind "fn" is not a symbol kind; expected one of function, method, class/)
    // A custom chunker's own kind is answered when some symbol has it.
    const widget = { ...(await rag.symbols('verifyToken'))[0]!, kind: 'widget' }
    expect(() => checkUnmatchedKind({ kind: 'widget' }, [widget])).not.toThrow()
    expect(() => checkUnmatchedKind({ kind: 'widget' }, [])).toThrow(InvalidArgumentError)
  })

  it('says how to turn layers on when the index has none, and drops them when turned off', async () => {
    repo = await createTempRepo(FILES)
    const plain = createRag()
    await plain.indexDirectory(repo.root)
    await expect(plain.symbols('verifyToken')).rejects.toThrow(ConfigError)
    expect((await plain.getStatus()).layers).toBeUndefined()
    await expect(plain.entrypoints()).rejects.toThrow(/index with layers on/)
  })
})

describe('RagService code layers (SQLite store)', () => {
  const opened: SqliteKnowledgeBase[] = []
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close()
  })
  const open = async (path: string): Promise<SqliteKnowledgeBase> => {
    const store = await openSqliteKnowledgeBase(path, storeOptions(resolveRetrieval()))
    opened.push(store)
    return store
  }

  it('commits the layers with the chunks, and another session reads them back and updates them incrementally', async () => {
    repo = await createTempRepo(FILES)
    const path = join(repo.root, '.index.db')
    const writer = openRag(await open(path), { layers: true })
    await writer.indexDirectory(repo.root, undefined, { source: { exclude: ['.index.db*'] } })
    const stored = await opened[0]!.loadLayers()
    expect(stored.map((f) => f.path)).toEqual(['README.md', 'src/auth/middleware.ts', 'src/auth/token.ts', 'src/server.ts'])
    // The store counts its rows as an in-memory session counts its graph, in this process and in a fresh one.
    const inMemory = createRag({ layers: true })
    await inMemory.indexDirectory(repo.root, undefined, { source: { exclude: ['.index.db*'] } })
    const counted = (await inMemory.getStatus()).layers
    expect(counted?.resolvedEdges).toBeGreaterThan(0)
    expect((await writer.getStatus()).layers).toEqual(counted)
    expect((await openRag(opened[0]!).getStatus()).layers).toEqual(counted)

    // A lookup in a fresh session reads only the files that define the name (or declare entrypoints),
    // and answers as the whole graph does.
    const fresh = (): ReturnType<typeof openRag> => openRag(opened[0]!)
    for (const name of ['verifyToken', 'verify*', 'authMiddleware', 'FileNotThere', 'show*', '::verifyToken()', 'auth::authMiddleware']) {
      expect(await fresh().symbols(name)).toEqual(await writer.symbols(name))
    }
    expect((await fresh().symbols('::verifyToken()')).map((s) => s.qname)).toEqual(['verifyToken'])
    expect(await fresh().entrypoints({ kind: 'http-route' })).toEqual(await writer.entrypoints({ kind: 'http-route' }))
    expect((await fresh().symbols('verify*')).map((s) => s.name)).toEqual(['verifyToken'])

    // A second process: nothing indexed in it, the layers come from the store.
    const reader = openRag(await open(path), { layers: true })
    expect((await reader.symbols('verifyToken')).map((s) => s.path)).toEqual(['src/auth/token.ts'])
    expect((await reader.entrypoints({ method: 'GET' })).map((r) => r.route)).toEqual(['/orders/:id'])

    // A run that changes nothing never reads the layers.
    const store = opened[1]!
    const load = store.loadLayers.bind(store)
    let loads = 0
    store.loadLayers = async () => {
      loads++
      return load()
    }
    const idle = openRag(store, { layers: true })
    await idle.indexDirectory(repo.root, undefined, { source: { exclude: ['.index.db*'] } })
    expect(loads).toBe(0)
    expect(await idle.symbols('tokenAge')).toEqual([])

    await repo.write('src/auth/token.ts', 'export function verifyToken(token: string): boolean {\n  return true\n}\nexport function tokenAge() {}\n')
    const generation = (await opened[1]!.loadState()).generation
    const run = await reader.indexDirectory(repo.root, undefined, { source: { exclude: ['.index.db*'] } })
    expect(run.layeredFiles).toBe(1)
    expect(loads).toBe(1)
    // The idle session never loaded the graph: it reads the store's current generation.
    expect((await idle.symbols('tokenAge')).map((s) => s.path)).toEqual(['src/auth/token.ts'])
    expect(await idle.dependencies('tokenAge', { reverse: true })).toEqual([])
    expect((await opened[1]!.loadState()).generation).toBe(generation + 1)
    // The first session sees the other's commit.
    expect((await writer.symbols('tokenAge')).map((s) => s.path)).toEqual(['src/auth/token.ts'])
    expect((await writer.dependencies('verifyToken', { reverse: true, kinds: ['calls'] })).map((s) => s.edge.sourceQname)).toEqual(['authMiddleware'])

    // The store's edge rows of a dependent file follow a deletion (the importer's import is now unresolved).
    const importsOfToken = (): unknown[] => {
      const raw = new Database(path, { readonly: true })
      try {
        return raw.prepare(
          "SELECT f.path, e.resolution, coalesce(t.path, '') FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file LEFT JOIN layer_targets AS t ON t.id = e.target_file WHERE e.kind = 'imports' AND e.target = './token'",
        ).raw().all()
      } finally {
        raw.close()
      }
    }
    expect(importsOfToken()).toEqual([['src/auth/middleware.ts', 'resolved', 'src/auth/token.ts']])
    await repo.remove('src/auth/token.ts')
    await writer.indexDirectory(repo.root, undefined, { source: { exclude: ['.index.db*'] } })
    expect(importsOfToken()).toEqual([['src/auth/middleware.ts', 'unresolved', '']])

    await writer.clear()
    expect(await opened[0]!.loadLayers()).toEqual([])
    await expect(writer.symbols('verifyToken')).resolves.toEqual([])
    // A store without layers, in a session that does not extract them: the lookup says how to get them.
    await expect(openRag(opened[0]!).symbols('verifyToken')).rejects.toThrow(/has no code layers/)
    await expect(openRag(opened[0]!).entrypoints()).rejects.toThrow(/has no code layers/)
  })
})
