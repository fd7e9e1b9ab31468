import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const edge = (graph: LayerGraph, path: string, kind: string, target: string): EdgeRecord | undefined =>
  graph.edgesOf(path).find((e) => e.kind === kind && e.target === target)

/** A graph of `files` before and after removing `removed`, and a graph built fresh from what is left, to compare them. */
async function afterRemoval(files: Record<string, string>, removed: string): Promise<{ graph: LayerGraph; fresh: LayerGraph; left: string[] }> {
  const graph = new LayerGraph(await layersOfText(files))
  graph.apply({ remove: [removed] })
  const left = Object.keys(files).filter((path) => path !== removed)
  const fresh = new LayerGraph(await layersOfText(Object.fromEntries(left.map((path) => [path, files[path]!]))))
  return { graph, fresh, left }
}

async function project(extra = 0): Promise<LayerGraph> {
  const files: Record<string, string> = {
    'src/b.ts': 'export function format(x: number) { return String(x) }\n',
    'src/a.ts': "import { format } from './b'\nexport const show = (n: number) => format(n)\n",
    'src/c.ts': "import { format } from './b.js'\nimport { later } from './later'\nexport function run() { return format(1) + later() }\n",
  }
  // Unrelated files, none of which imports b.ts or calls its functions.
  for (let i = 0; i < extra; i++) files[`src/other/m${i}.ts`] = `export function work${i}() { return ${i} }\n`
  return new LayerGraph(await layersOfText(files))
}

describe('LayerGraph.apply (incremental resolution)', () => {
  it('re-resolves only the edited file when its definitions keep their names', async () => {
    const graph = await project(40)
    const [edited] = await layersOfText({ 'src/b.ts': '// formats numbers\nexport function format(x: number) { return `${x}` }\n' })
    const delta = graph.apply({ upsert: [edited!] })
    expect(delta.resolvedFiles).toEqual(['src/b.ts'])
    expect(edge(graph, 'src/a.ts', 'calls', 'format')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/b.ts#format' })
  })

  it("re-resolves, for a signature edit, only the files that read the definition's return type", async () => {
    const graph = await project(10)
    const [reader] = await layersOfText({ 'src/d.ts': "import { format } from './b.js'\nexport function use() {\n  const text = format(2)\n  return text.trim()\n}\n" })
    graph.apply({ upsert: [reader!] })
    // `format` keeps its name, kind and id: `a.ts` and `c.ts` resolve it as before; `d.ts` types a receiver by what it returns.
    const [edited] = await layersOfText({ 'src/b.ts': 'export function format(x: number, digits = 2): string { return x.toFixed(digits) }\n' })
    expect(graph.apply({ upsert: [edited!] }).resolvedFiles).toEqual(['src/b.ts', 'src/d.ts'])
  })

  it('re-resolves the importers and callers of a name the edit removes', async () => {
    const graph = await project(10)
    const [edited] = await layersOfText({ 'src/b.ts': 'export function render(x: number) { return String(x) }\n' })
    const delta = graph.apply({ upsert: [edited!] })
    expect(delta.resolvedFiles).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts'])
    // The import still reaches b.ts; the name it imported is gone from it.
    expect(edge(graph, 'src/a.ts', 'imports', './b')).toMatchObject({ resolution: 'resolved', targetPath: 'src/b.ts', targetSymbolId: '' })
    expect(edge(graph, 'src/a.ts', 'calls', 'format')).toMatchObject({ resolution: 'resolved', targetPath: 'src/b.ts', targetSymbolId: '' })
    expect(delta.upserted.map((e) => e.id)).toEqual(expect.arrayContaining([edge(graph, 'src/a.ts', 'calls', 'format')!.id]))
  })

  it('follows a rename: importers of the old path become unresolved, then resolve to the new path when they are edited', async () => {
    const graph = await project()
    const [moved] = await layersOfText({ 'src/fmt/b.ts': 'export function format(x: number) { return String(x) }\n' })
    const oldEdges = graph.edgesOf('src/b.ts').map((e) => e.id)
    expect(oldEdges.length).toBeGreaterThan(0)
    const rename = graph.apply({ remove: ['src/b.ts'], upsert: [moved!] })
    expect(rename.resolvedFiles).toEqual(['src/a.ts', 'src/c.ts', 'src/fmt/b.ts'])
    expect(rename.removed).toEqual(expect.arrayContaining(oldEdges))
    expect(graph.file('src/b.ts')).toBeUndefined()
    expect(edge(graph, 'src/a.ts', 'imports', './b')).toMatchObject({ resolution: 'unresolved', targetPath: '' })
    // The rename's other half: the importer is edited to the new path.
    const [fixed] = await layersOfText({ 'src/a.ts': "import { format } from './fmt/b'\nexport const show = (n: number) => format(n)\n" })
    graph.apply({ upsert: [fixed!] })
    expect(edge(graph, 'src/a.ts', 'imports', './fmt/b')).toMatchObject({ resolution: 'resolved', targetPath: 'src/fmt/b.ts' })
    expect(edge(graph, 'src/a.ts', 'calls', 'format')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/fmt/b.ts#format' })
    expect(graph.incoming('src/fmt/b.ts').map((e) => e.path)).toEqual(expect.arrayContaining(['src/a.ts']))
  })

  it('resolves an import when the file it was looking for is added, and unresolves it when that file is deleted', async () => {
    const graph = await project(5)
    expect(edge(graph, 'src/c.ts', 'imports', './later')).toMatchObject({ resolution: 'unresolved' })
    const [later] = await layersOfText({ 'src/later/index.ts': 'export function later() { return 2 }\n' })
    const added = graph.apply({ upsert: [later!] })
    expect(added.resolvedFiles).toEqual(['src/c.ts', 'src/later/index.ts'])
    expect(edge(graph, 'src/c.ts', 'imports', './later')).toMatchObject({ resolution: 'resolved', targetPath: 'src/later/index.ts' })
    expect(edge(graph, 'src/c.ts', 'calls', 'later')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/later/index.ts#later' })
    // A file that wins over the index file (./later.ts before ./later/index.ts) takes over.
    const [closer] = await layersOfText({ 'src/later.ts': 'export function later() { return 3 }\n' })
    graph.apply({ upsert: [closer!] })
    expect(edge(graph, 'src/c.ts', 'imports', './later')).toMatchObject({ targetPath: 'src/later.ts' })
    const deleted = graph.apply({ remove: ['src/later.ts', 'src/later/index.ts'] })
    expect(deleted.resolvedFiles).toEqual(['src/c.ts'])
    expect(edge(graph, 'src/c.ts', 'imports', './later')).toMatchObject({ resolution: 'unresolved' })
    expect(edge(graph, 'src/c.ts', 'calls', 'later')).toMatchObject({ resolution: 'unresolved' })
  })

  it("re-resolves a Python package's modules when its `__init__.py` is deleted or added, as a fresh graph resolves them (flask's `import typing as t`)", async () => {
    const files = {
      'src/flask/__init__.py': 'from .app import Flask\n',
      'src/flask/typing.py': 'def cast(x):\n    return x\n',
      'src/flask/app.py': 'import typing as t\n\nclass Flask:\n    def run(self):\n        return t.cast(1)\n',
    }
    const importOf = (g: LayerGraph): string => {
      const found = edge(g, 'src/flask/app.py', 'imports', 'typing')
      return `${found?.resolution} ${found?.targetPath}`
    }
    // In a package, `import typing` is the standard library's.
    expect(importOf(new LayerGraph(await layersOfText(files)))).toBe('external ')
    const { graph, fresh } = await afterRemoval(files, 'src/flask/__init__.py')
    // A directory of scripts: the sibling module shadows it, in the graph changed and in a fresh one.
    expect(importOf(fresh)).toBe('resolved src/flask/typing.py')
    expect(importOf(graph)).toBe(importOf(fresh))
    expect(graph.edgesOf('src/flask/app.py')).toEqual(fresh.edgesOf('src/flask/app.py'))
    const [init] = await layersOfText({ 'src/flask/__init__.py': files['src/flask/__init__.py'] })
    graph.apply({ upsert: [init!] })
    expect(importOf(graph)).toBe('external ')
  })

  it('re-resolves, rounds on, the files typed through a file whose edges now resolve otherwise (a pytest fixture of a package that went)', async () => {
    const files = {
      'src/flask/__init__.py': 'from .app import Flask\n',
      'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule\n',
      'src/other.py': 'class Router:\n    def route(self, rule):\n        return rule\n',
      'tests/conftest.py': 'import pytest\nfrom flask import Flask\n\n@pytest.fixture\ndef app():\n    return Flask()\n',
      'tests/test_app.py': "def test_index(app):\n    app.route('/')\n",
    }
    const call = (g: LayerGraph): string => {
      const found = edge(g, 'tests/test_app.py', 'calls', 'route')
      return `${found?.resolution} ${found?.targetSymbolId}`
    }
    expect(call(new LayerGraph(await layersOfText(files)))).toBe('resolved src/flask/app.py#Flask.route')
    const { graph, fresh, left } = await afterRemoval(files, 'src/flask/__init__.py')
    expect(call(fresh)).not.toBe('resolved src/flask/app.py#Flask.route')
    expect(call(graph)).toBe(call(fresh))
    for (const path of left) expect(graph.edgesOf(path), path).toEqual(fresh.edgesOf(path))
  })

  it('re-resolves the files of a language when a manifest that steers it changes', async () => {
    const files = await layersOfText({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["src/*"] } } }',
      'src/x.ts': 'export const x = 1\n',
      'src/y.ts': "import { x } from '~/x'\n",
      'tool.py': 'import os\n',
    })
    const graph = new LayerGraph(files)
    expect(edge(graph, 'src/y.ts', 'imports', '~/x')).toMatchObject({ resolution: 'resolved', targetPath: 'src/x.ts' })
    const [changed] = await layersOfText({ 'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }' })
    const delta = graph.apply({ upsert: [changed!] })
    expect(delta.resolvedFiles).toEqual(['src/x.ts', 'src/y.ts', 'tsconfig.json'])
    expect(edge(graph, 'src/y.ts', 'imports', '~/x')).toMatchObject({ resolution: 'external' })
  })

  it('reports nothing changed when applying the same layers again, beyond the re-sent file', async () => {
    const files = await layersOfText({ 'src/b.ts': 'export function format() {}\n', 'src/a.ts': "import { format } from './b'\nformat()\n" })
    const graph = new LayerGraph(files)
    const delta = graph.apply({ upsert: [files[0]!] })
    expect(delta.resolvedFiles).toEqual(['src/b.ts'])
    expect(delta.removed).toEqual([])
  })

  it('answers dependency queries alike whether its edge indexes were built before a change or after it', async () => {
    const files = await layersOfText({
      'src/b.ts': 'export function format(x: number) { return String(x) }\nexport class Box { open() { return format(1) } }\n',
      'src/a.ts': "import { format, Box } from './b'\nexport const show = (n: number) => format(n) + new Box().open()\n",
      'src/c.ts': "import { format } from './b.js'\nimport { show } from './a'\nexport function run() { return format(1) + show(2) }\n",
    })
    const [edited] = await layersOfText({ 'src/b.ts': 'export function render(x: number) { return String(x) }\nexport function format(x: number) { return render(x) }\n' })
    const answers = (graph: LayerGraph): unknown[] =>
      ['src/b.ts', 'src/b.ts#format', 'src/a.ts', 'format', 'show'].flatMap((from) => [graph.dependencies({ from, reverse: true, depth: 2 }), graph.dependencies({ from, depth: 2 })])
    // Queried first: the indexes exist before the change and follow it.
    const early = new LayerGraph(files)
    answers(early)
    early.apply({ upsert: [edited!], remove: ['src/c.ts'] })
    // Never queried before the change: the indexes are built from the resolutions after it.
    const late = new LayerGraph(files)
    late.apply({ upsert: [edited!], remove: ['src/c.ts'] })
    expect(answers(late)).toEqual(answers(early))
    expect(JSON.stringify(answers(late))).toBe(JSON.stringify(answers(early)))
    expect(late.incoming('src/b.ts').map((e) => e.id)).toEqual(early.incoming('src/b.ts').map((e) => e.id))
  })

  it("re-resolves a named route handler's file when a route naming it comes or goes in another file (Express's `app.get('/users', user.list)`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/render.js': 'export function render (view) { return view }\n',
        'src/user.js': "exports.list = function (req, res) {\n  res.render('users')\n}\n",
        'src/index.js': "const express = require('express')\nconst user = require('./user')\n\nconst app = express()\n",
      }),
    )
    expect(edge(graph, 'src/user.js', 'calls', 'render')?.resolution).toBe('unresolved')
    const [routed] = await layersOfText({ 'src/index.js': "const express = require('express')\nconst user = require('./user')\n\nconst app = express()\napp.get('/users', user.list)\n" })
    expect(graph.apply({ upsert: [routed!] }).resolvedFiles).toEqual(['src/index.js', 'src/user.js'])
    expect(edge(graph, 'src/user.js', 'calls', 'render')?.resolution).toBe('external')
    // (An edit that only moves the route leaves the handler's file alone.)
    const [moved] = await layersOfText({ 'src/index.js': "const express = require('express')\nconst user = require('./user')\n\n// routes\nconst app = express()\napp.get('/users', user.list)\n" })
    expect(graph.apply({ upsert: [moved!] }).resolvedFiles).toEqual(['src/index.js'])
    graph.apply({ remove: ['src/index.js'] })
    expect(edge(graph, 'src/user.js', 'calls', 'render')?.resolution).toBe('unresolved')
    // (So does a function an app mounts, `app.use(handle)`, when the `app.use` comes.)
    const [errors, mounting] = await layersOfText({
      'src/errors.js': 'exports.handle = function (err, req, res, next) {\n  res.render(err)\n}\n',
      'src/server.js': "const express = require('express')\nconst { handle } = require('./errors')\n\nconst app = express()\n",
    })
    graph.apply({ upsert: [errors!, mounting!] })
    expect(edge(graph, 'src/errors.js', 'calls', 'render')?.resolution).toBe('unresolved')
    const [mounted] = await layersOfText({ 'src/server.js': "const express = require('express')\nconst { handle } = require('./errors')\n\nconst app = express()\napp.use(handle)\n" })
    expect(graph.apply({ upsert: [mounted!] }).resolvedFiles).toEqual(['src/errors.js', 'src/server.js'])
    expect(edge(graph, 'src/errors.js', 'calls', 'render')?.resolution).toBe('external')
  })

  it("re-resolves the importers of a file whose re-export changes, through barrels as deep as re-exports are followed", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/a.ts': 'export function x() {}\n',
        'src/b.ts': 'export function x() {}\n',
        'src/inner.ts': "export { x } from './a'\n",
        'src/index.ts': "export * from './inner'\n",
        'src/main.ts': "import { x } from './index'\nexport function run() { x() }\n",
      }),
    )
    expect(edge(graph, 'src/main.ts', 'calls', 'x')?.targetSymbolId).toBe('src/a.ts#x')
    const [edited] = await layersOfText({ 'src/inner.ts': "export { x } from './b'\n" })
    const delta = graph.apply({ upsert: [edited!] })
    expect(delta.resolvedFiles).toEqual(['src/index.ts', 'src/inner.ts', 'src/main.ts'])
    expect(edge(graph, 'src/main.ts', 'calls', 'x')?.targetSymbolId).toBe('src/b.ts#x')
  })

  it("re-resolves a Rust call through a crate root's re-exports when the root's `pub use` changes (`clap::Arg::new()` without a `use`, `crate::Arg::new()`)", async () => {
    const type = 'pub struct Arg;\nimpl Arg {\n    pub fn new() -> Self {\n        Arg\n    }\n}\n'
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "clap"\nversion = "1.0.0"\n',
        'src/a.rs': type,
        'src/b.rs': type,
        'src/lib.rs': 'mod a;\nmod b;\npub use a::Arg;\n',
        'src/parser.rs': 'pub fn parse() {\n    crate::Arg::new();\n}\n',
        'examples/demo.rs': 'fn main() {\n    clap::Arg::new();\n}\n',
      }),
    )
    const targets = (): (string | undefined)[] => ['src/parser.rs', 'examples/demo.rs'].map((path) => edge(graph, path, 'calls', 'new')?.targetSymbolId)
    expect(targets()).toEqual(['src/a.rs#Arg.new', 'src/a.rs#Arg.new'])
    const [edited] = await layersOfText({ 'src/lib.rs': 'mod a;\nmod b;\npub use b::Arg;\n' })
    graph.apply({ upsert: [edited!] })
    expect(targets()).toEqual(['src/b.rs#Arg.new', 'src/b.rs#Arg.new'])
  })

  it("re-resolves a Rust module's `super` when the binary root starts or stops declaring it (hexyl: `mod tests;` in main.rs beside lib.rs)", async () => {
    const files = {
      'Cargo.toml': '[package]\nname = "demo"\nversion = "0.1.0"\n',
      'src/lib.rs': 'pub fn lib_fn() {}\n',
      'src/main.rs': 'fn parse() {}\n\nfn main() {\n    parse();\n}\n',
      'src/tests.rs': 'use super::*;\n\n#[test]\nfn t() {\n    parse();\n}\n',
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(edge(graph, 'src/tests.rs', 'imports', 'super')?.targetPath).toBe('src/lib.rs')
    const declaring = 'mod tests;\n\nfn parse() {}\n\nfn main() {\n    parse();\n}\n'
    const [edited] = await layersOfText({ 'src/main.rs': declaring })
    graph.apply({ upsert: [edited!] })
    const fresh = new LayerGraph(await layersOfText({ ...files, 'src/main.rs': declaring }))
    expect(edge(graph, 'src/tests.rs', 'imports', 'super')?.targetPath).toBe('src/main.rs')
    expect(graph.edgesOf('src/tests.rs')).toEqual(fresh.edgesOf('src/tests.rs'))
  })
})
