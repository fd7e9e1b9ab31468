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

describe("interfaces' method specs", () => {
  it("take a call on the interface's type, and leave a call by name to the one implementation (gin's ResponseWriter)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module github.com/acme/web\n',
        'response_writer.go': [
          'package web',
          '',
          'type ResponseWriter interface {',
          '\tSize() int',
          '\tWritten() bool',
          '}',
          '',
          'type responseWriter struct{ size int }',
          '',
          'func (w *responseWriter) Size() int { return w.size }',
        ].join('\n'),
        'context.go': [
          'package web',
          '',
          'type Context struct{ Writer ResponseWriter }',
          '',
          'func (c *Context) Length(w ResponseWriter) int {',
          '\tif w.Written() {',
          '\t\treturn w.Size()',
          '\t}',
          '\tc.Writer.Written()',
          '\treturn c.Writer.Size()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'context.go')).toEqual([
      // Typed by the parameter: the interface's methods.
      'w.Written -> resolved response_writer.go#ResponseWriter.Written',
      'w.Size -> resolved response_writer.go#ResponseWriter.Size',
      // A field's type is not read, so by name: the spec when no other definition has the name ...
      'c.Writer.Written -> by-name response_writer.go#ResponseWriter.Written',
      // ... else the one implementation, not the spec.
      'c.Writer.Size -> by-name response_writer.go#responseWriter.Size',
    ])
  })
})
