import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/**
 * just's integration tests in small: one `[[test]]` crate rooted at `tests/lib.rs` (automatic test
 * targets off) declares the other files of `tests/` as its modules, which reach the root's items
 * through `super::` and `crate::`; `tests/standalone.rs` is a test crate of its own.
 */
const FILES = {
  'Cargo.toml': '[package]\nname = "just"\nautotests = false\n\n[[test]]\nname = "integration"\npath = "tests/lib.rs"\n',
  'src/lib.rs': 'pub fn run() {}\n',
  'tests/lib.rs': 'mod alias;\nmod attributes;\n\npub fn helper() {}\n',
  'tests/alias.rs': 'use super::*;\n\n#[test]\nfn alias() {\n    helper();\n}\n',
  'tests/attributes.rs': 'use {super::helper, crate::helper as again};\n\nfn f() {\n    helper();\n    again();\n}\n',
  'tests/standalone.rs': 'fn helper() {}\n\n#[test]\nfn t() {\n    helper();\n}\n',
  'src/lexer.rs': 'use {super::*, TokenKind::*};\n\npub enum TokenKind {\n    Eol,\n}\n',
}

const edges = (graph: LayerGraph, path: string): string[] =>
  graph
    .edgesOf(path)
    .filter((edge) => edge.kind === 'imports' || edge.kind === 'calls')
    .map((edge) => `${edge.kind} ${edge.target} -> ${edge.resolution} ${edge.targetPath} ${edge.targetSymbolId}`.trim())

describe('the modules of a Rust test crate', () => {
  it('resolve `super::` and `crate::` to the root file that declares them, not to themselves', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(edges(graph, 'tests/alias.rs')).toEqual(['imports super -> resolved tests/lib.rs', 'calls helper -> resolved tests/lib.rs tests/lib.rs#helper'])
    expect(edges(graph, 'tests/attributes.rs')).toEqual([
      'imports super::helper -> resolved tests/lib.rs tests/lib.rs#helper',
      'imports crate::helper -> resolved tests/lib.rs tests/lib.rs#helper',
      'calls helper -> resolved tests/lib.rs tests/lib.rs#helper',
      'calls again -> resolved tests/lib.rs tests/lib.rs#helper',
    ])
    expect(edges(graph, 'tests/standalone.rs')).toEqual(['calls helper -> resolved tests/standalone.rs tests/standalone.rs#helper'])
  })

  it('read a `use` of an enum in scope (`use TokenKind::*`) as a path in the crate, not an external crate', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(edges(graph, 'src/lexer.rs')).toEqual(['imports super -> resolved src/lib.rs', 'imports TokenKind -> unresolved'])
  })

  it("follow an edit of the root's `mod` lines, and the root's removal, as a fresh index", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    const check = async (files: Record<string, string>): Promise<void> => {
      const fresh = new LayerGraph(await layersOfText(files))
      for (const path of ['tests/alias.rs', 'tests/attributes.rs']) expect(edges(graph, path)).toEqual(edges(fresh, path))
    }
    const [root] = await layersOfText({ 'tests/lib.rs': 'mod attributes;\n\npub fn helper() {}\n' })
    graph.apply({ upsert: [root!] })
    await check({ ...FILES, 'tests/lib.rs': 'mod attributes;\n\npub fn helper() {}\n' })
    expect(edges(graph, 'tests/alias.rs')).toEqual(['imports super -> resolved tests/alias.rs', 'calls helper -> by-name'])
    graph.apply({ upsert: [(await layersOfText({ 'tests/lib.rs': FILES['tests/lib.rs'] }))[0]!] })
    await check(FILES)
    graph.apply({ remove: ['tests/lib.rs'] })
    const { 'tests/lib.rs': _root, ...rest } = FILES
    await check(rest)
    graph.apply({ upsert: [(await layersOfText({ 'tests/lib.rs': FILES['tests/lib.rs'] }))[0]!] })
    await check(FILES)
  })
})
