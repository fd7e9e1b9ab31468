import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

async function layersOf(path: string, content: string) {
  return (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers
}

/** gin's patterns: an interface with embedded interfaces and method specs, a grouped `type ( ... )`, an alias. */
const SOURCE = `package render

import "net/http"

// Render renders a response.
type Render interface {
	http.Flusher
	Render(http.ResponseWriter) error
	WriteContentType(w http.ResponseWriter)
}

type (
	// JSON renders JSON.
	JSON struct {
		Data any
	}
	Delimited interface {
		Render
		Delims() (left, right string)
	}
	Number interface {
		~int | ~int64
	}
	Name = string
)

func (r JSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	return nil
}
`

describe('Go layers', () => {
  it('catalogues every type of a grouped declaration, and the method specs of interfaces, at their own lines', async () => {
    const layers = await layersOf('render/render.go', SOURCE)
    const symbols = layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine} ${s.signature}${s.exported ? '' : ' (hidden)'}`)
    expect(symbols).toEqual([
      'interface Render 6-10 type Render interface',
      'method Render.Render 8-8 Render(http.ResponseWriter) error',
      'method Render.WriteContentType 9-9 WriteContentType(w http.ResponseWriter)',
      'struct JSON 14-16 type JSON struct',
      'property JSON.Data 15-15 Data any',
      'interface Delimited 17-20 type Delimited interface',
      'method Delimited.Delims 19-19 Delims() (left, right string)',
      'interface Number 21-23 type Number interface',
      'type Name 24-24 type Name = string',
      'method JSON.Render 27-30 func (r JSON) Render(w http.ResponseWriter) error',
    ])
    const parent = (qname: string): string | undefined => layers.symbols.find((s) => s.qname === qname)?.parentId
    expect(parent('Delimited.Delims')).toBe('render/render.go#Delimited')
  })

  it("catalogues a struct's named fields as its properties, signed with their type (no tag, no embedded type)", async () => {
    const source = [
      'package gin',
      '',
      'type Context struct {',
      '\twritermem responseWriter',
      '\tRequest   *http.Request `json:"-"` // the request',
      '\t*Engine',
      '\tx, y      int',
      '\tSkip      func(c *Context) bool',
      '\tnested    struct {',
      '\t\ta int',
      '\t}',
      '}',
    ].join('\n')
    const layers = await layersOf('context.go', source)
    const fields = layers.symbols.filter((s) => s.kind === 'property').map((s) => `${s.qname} ${s.startLine} ${s.signature}${s.exported ? '' : ' (hidden)'}`)
    expect(fields).toEqual([
      'Context.writermem 4 writermem responseWriter (hidden)',
      'Context.Request 5 Request *http.Request',
      'Context.x 7 x int (hidden)',
      'Context.y 7 y int (hidden)',
      'Context.Skip 8 Skip func(c *Context) bool',
      'Context.nested 9 nested struct { (hidden)',
    ])
    expect(layers.edges.filter((e) => e.kind === 'extends').map((e) => e.target)).toEqual(['Engine'])
  })

  it('gives an interface the interfaces it embeds as heritage, not a constraint union', async () => {
    const layers = await layersOf('render/render.go', SOURCE)
    const heritage = layers.edges.filter((e) => e.kind === 'extends').map((e) => `${e.sourceQname} extends ${e.receiver ? `${e.receiver}.` : ''}${e.target}`)
    expect(heritage).toEqual(['Render extends http.Flusher', 'Delimited extends Render'])
  })

  it('reads no calls in method specs: only the method body calls', async () => {
    const layers = await layersOf('render/render.go', SOURCE)
    const calls = layers.edges.filter((e) => e.kind === 'calls').map((e) => `${e.sourceQname} calls ${e.receiver ? `${e.receiver}.` : ''}${e.target}`)
    expect(calls).toEqual(['JSON.Render calls r.WriteContentType'])
  })
})
