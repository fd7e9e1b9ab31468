import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

interface Manifest {
  name: string
  private?: boolean
  exports: Record<string, { types: string; default: string } | string>
}

function publishablePackages(): { dir: string; manifest: Manifest }[] {
  return readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest }))
    .filter(({ manifest }) => !manifest.private)
}

// Every publishable package must be a (dev) dependency of this one, so turbo builds it before this test.
describe('packed packages', () => {
  const work = mkdtempSync(join(tmpdir(), 'rag-pack-'))
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('install from their tarballs into a folder outside the workspace and import by name', () => {
    const packages = publishablePackages()
    expect(packages.length).toBeGreaterThanOrEqual(5)
    const own = JSON.parse(readFileSync(join(root, 'examples/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
      devDependencies?: Record<string, string>
    }
    const declared = { ...own.dependencies, ...own.devDependencies }
    for (const { manifest } of packages) expect(declared, `${manifest.name} must be a dependency of @rag/examples`).toHaveProperty([manifest.name])
    const tarballs = join(work, 'tarballs')
    mkdirSync(tarballs)
    const dependencies: Record<string, string> = {}
    for (const { dir, manifest } of packages) {
      const out = execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: dir, encoding: 'utf8' })
      const file = out.trim().split('\n').filter((l) => l.endsWith('.tgz')).at(-1)!
      dependencies[manifest.name] = `file:${resolve(tarballs, file.split('/').at(-1)!)}`
    }
    const consumer = join(work, 'consumer')
    mkdirSync(consumer)
    // better-sqlite3 is the one dependency with a native build (about 90 s from source here, where no
    // prebuilt binary can be downloaded). The consumer gets the workspace's version, installed
    // without scripts, with the binary the workspace already compiled for this Node: what is tested
    // is how our packages install and resolve, not better-sqlite3's compiler run.
    const sqlite = dirname(createRequire(join(root, 'packages/store-sqlite/package.json')).resolve('better-sqlite3/package.json'))
    const sqliteVersion = (JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string }).version
    const manifest = { name: 'consumer', private: true, type: 'module', dependencies, overrides: { 'better-sqlite3': sqliteVersion } }
    writeFileSync(join(consumer, 'package.json'), JSON.stringify(manifest, null, 2))
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], { cwd: consumer, stdio: 'pipe' })
    const binary = join('build', 'Release', 'better_sqlite3.node')
    mkdirSync(join(consumer, 'node_modules', 'better-sqlite3', 'build', 'Release'), { recursive: true })
    copyFileSync(join(sqlite, binary), join(consumer, 'node_modules', 'better-sqlite3', binary))

    for (const { manifest } of packages) {
      // No workspace links: every package resolves inside the consumer's own node_modules.
      const installed = JSON.parse(readFileSync(join(consumer, 'node_modules', manifest.name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>
      }
      for (const range of Object.values(installed.dependencies ?? {})) expect(range).not.toMatch(/^workspace:/)
      const entry = manifest.exports['.']
      const types = typeof entry === 'string' ? undefined : entry?.types
      if (types) expect(existsSync(join(consumer, 'node_modules', manifest.name, types))).toBe(true)
    }
    const script = `
      const names = ${JSON.stringify(packages.map((p) => p.manifest.name))};
      const loaded = {};
      for (const name of names) {
        const mod = await import(name);
        loaded[name] = Object.keys(mod).length;
      }
      // The store really opens, through the installed better-sqlite3 and its binary.
      const { openSqliteKnowledgeBase } = await import('@rag/store-sqlite');
      const kb = await openSqliteKnowledgeBase(':memory:');
      loaded.storeSize = await kb.size();
      await kb.close();
      console.log(JSON.stringify(loaded));
    `
    const printed = execFileSync('node', ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' })
    const loaded = JSON.parse(printed) as Record<string, number>
    for (const { manifest } of packages) expect(loaded[manifest.name]).toBeGreaterThan(0)
    expect(loaded['storeSize']).toBe(0)
  })
})
