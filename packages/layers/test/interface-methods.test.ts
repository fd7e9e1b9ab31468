import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

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
          'var writers = map[string]ResponseWriter{}',
          '',
          'func (c *Context) Length(w ResponseWriter) int {',
          '\tif w.Written() {',
          '\t\treturn w.Size()',
          '\t}',
          '\tc.Writer.Written()',
          '\tother := writers["x"]',
          '\tother.Written()',
          '\treturn other.Size()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'context.go', ['Written', 'Size'])).toEqual([
      // Typed by the parameter: the interface's methods.
      'w.Written -> resolved response_writer.go#ResponseWriter.Written',
      'w.Size -> resolved response_writer.go#ResponseWriter.Size',
      // Typed by the struct field's type.
      'c.Writer.Written -> resolved response_writer.go#ResponseWriter.Written',
      // An element of a map is not typed, so by name: the spec when no other definition has the name ...
      'other.Written -> by-name response_writer.go#ResponseWriter.Written',
      // ... else the one implementation, not the spec.
      'other.Size -> by-name response_writer.go#responseWriter.Size',
    ])
  })
})
