import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const service = (word: string): Record<string, string> => ({
  [`${word}/go.mod`]: 'module app\n\ngo 1.22\n',
  [`${word}/handler/h.go`]: `package handler\n\nfunc Hello() string {\n\treturn "${word}"\n}\n`,
  [`${word}/main.go`]: 'package main\n\nimport "app/handler"\n\nfunc main() {\n\tprintln(handler.Hello())\n}\n',
})

describe('Go modules of one name in one repository (gofiber/recipes)', () => {
  it("resolves each module's imports and calls into its own module, the nearest go.mod above the importing file", async () => {
    const graph = new LayerGraph(await layersOfText({ ...service('svc-a'), ...service('svc-b'), ...service('nested/svc-c') }))
    for (const word of ['svc-a', 'svc-b', 'nested/svc-c']) {
      const edges = graph.edgesOf(`${word}/main.go`)
      expect(edges.find((edge) => edge.kind === 'imports')).toMatchObject({ resolution: 'resolved', targetPath: `${word}/handler/` })
      expect(edges.find((edge) => edge.kind === 'calls' && edge.target === 'Hello')).toMatchObject({ resolution: 'resolved', targetSymbolId: `${word}/handler/h.go#Hello` })
    }
  })
})
