import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** Every call edge of a file as `receiver.target -> resolution target`. */
function callsOf(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution} ${edge.targetSymbolId || edge.targetPath}`)
}

describe('Go calls on locals and parameters', () => {
  it("resolve through the package's own unexported types: a composite literal, a var, a parameter, a constructor's result (gin's tree.go)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/app\n\ngo 1.21\n',
        'tree.go': [
          'package app',
          '',
          'type node struct{ path string }',
          '',
          'func (n *node) addRoute(path string) {}',
          '',
          'type methodTree struct{ root *node }',
          '',
          'func (t methodTree) addRoute(path string) {}',
          '',
          'func newNode() *node { return &node{} }',
          '',
          'func count() int { return 0 }',
        ].join('\n'),
        'tree_test.go': [
          'package app',
          '',
          'func check(t *node) {',
          '\tt.addRoute("/a")',
          '}',
          '',
          'func build() {',
          '\ttree := &node{}',
          '\ttree.addRoute("/b")',
          '\tvar n node',
          '\tn.addRoute("/c")',
          '\tm := newNode()',
          '\tm.addRoute("/d")',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'tree_test.go')).toEqual([
      't.addRoute -> resolved tree.go#node.addRoute',
      'tree.addRoute -> resolved tree.go#node.addRoute',
      'n.addRoute -> resolved tree.go#node.addRoute',
      'newNode -> resolved tree.go#newNode',
      'm.addRoute -> resolved tree.go#node.addRoute',
    ])
  })

  it("leave the fields of what another package's call returns to that package (net/http's Header, httptest's Body), not to a method of the code by name", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/app\n\ngo 1.21\n',
        'context.go': 'package app\n\ntype Context struct{}\n\nfunc (c *Context) Set(key string, value any) {}\n\nfunc (c *Context) String() string { return "" }\n',
        'context_test.go': [
          'package app',
          '',
          'import (',
          '\t"net/http"',
          '\t"net/http/httptest"',
          ')',
          '',
          'func request() {',
          '\tw := httptest.NewRecorder()',
          '\treq, _ := http.NewRequest("GET", "/", nil)',
          '\treq.Header.Set("Authorization", "x")',
          '\t_ = w.Body.String()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'context_test.go')).toEqual([
      'httptest.NewRecorder -> external ',
      'http.NewRequest -> external ',
      'req.Header.Set -> external ',
      'w.Body.String -> external ',
    ])
  })
})
