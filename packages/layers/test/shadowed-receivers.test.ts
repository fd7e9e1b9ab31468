import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const call = (graph: LayerGraph, path: string, target: string): EdgeRecord | undefined => graph.edgesOf(path).find((e) => e.kind === 'calls' && e.target === target)

describe('receivers a function declares under the name of an import', () => {
  it("reads Rust's `let theme = theme()` then `theme.len()` as a call on the local, not into the imported module (bat's list_themes)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "fx"\n',
        'src/theme.rs': 'pub fn theme() -> String {\n    String::new()\n}\n',
        'src/main.rs': [
          'mod theme;',
          'use crate::theme::theme;',
          '',
          'fn main() {',
          '    let theme = theme();',
          '    println!("{}", theme.len());',
          '}',
          '',
          'fn other(themes: Vec<String>) {',
          '    for theme in themes {',
          '        theme.to_uppercase();',
          '    }',
          '}',
          '',
        ].join('\n'),
      }),
    )
    expect(call(graph, 'src/main.rs', 'theme')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/theme.rs#theme' })
    for (const target of ['len', 'to_uppercase']) expect(call(graph, 'src/main.rs', target)?.targetPath).not.toBe('src/theme.rs')
  })

  it("reads Go's `for _, user := range people` then `user.Len()` as a call on the local, not into the imported package `user`", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/fx\n\ngo 1.22\n',
        'user/user.go': 'package user\n\nfunc Len() int {\n\treturn 0\n}\n',
        'main.go': [
          'package main',
          '',
          'import "example.com/fx/user"',
          '',
          'type Person struct{ Name string }',
          '',
          'func (p Person) Len() int { return len(p.Name) }',
          '',
          'func main() {',
          '\tprintln(user.Len())',
          '\tfor _, user := range []Person{{"a"}} {',
          '\t\t_ = user.Len()',
          '\t}',
          '}',
          '',
        ].join('\n'),
      }),
    )
    const calls = graph.edgesOf('main.go').filter((e) => e.kind === 'calls' && e.target === 'Len')
    expect(calls.map((e) => `${e.startLine} ${e.receiver} ${e.local === true} ${e.targetPath}`)).toEqual(['10 user false user/user.go', '12 user true main.go'])
  })
})
