import { describe, expect, it } from 'vitest'
import { decodeFileLayers, encodeFileLayers } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.framework} ${r.method} ${r.route} -> ${r.handler}`)
    .sort()

const PAGE = 'export default function About() {\n  return <p>About</p>\n}\n'

describe('file-system routes of files that name no framework', () => {
  it("are Next.js pages when the package depends on next, a Vite SPA's pages are none", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'web/package.json': JSON.stringify({ name: 'web', dependencies: { next: '14.2.0', react: '18.3.0' } }),
        'web/pages/about.tsx': PAGE,
        'spa/package.json': JSON.stringify({ name: 'spa', dependencies: { react: '18.3.0', vite: '5.0.0' } }),
        'spa/src/pages/about.tsx': PAGE,
      }),
    )
    expect(routes(graph)).toEqual(['web/pages/about.tsx:1 nextjs GET /about -> About'])
  })

  it('are Remix routes, or React Router framework routes, by the dependencies', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'remix/package.json': JSON.stringify({ dependencies: { '@remix-run/react': '2.0.0' } }),
        'remix/app/routes/about.tsx': PAGE,
        'rr/package.json': JSON.stringify({ devDependencies: { '@react-router/dev': '7.0.0' } }),
        'rr/app/routes/about.tsx': PAGE,
        'other/package.json': JSON.stringify({ dependencies: { express: '4.0.0' } }),
        'other/app/routes/about.tsx': PAGE,
      }),
    )
    expect(routes(graph)).toEqual(['remix/app/routes/about.tsx:1 remix GET /about -> About', 'rr/app/routes/about.tsx:1 react-router GET /about -> About'])
  })

  it("are Nuxt's pages when the package depends on nuxt, a Vue SPA's are none", async () => {
    const VUE = '<template>\n  <p>Page</p>\n</template>\n'
    const graph = new LayerGraph(
      await layersOfText({
        'web/package.json': JSON.stringify({ dependencies: { nuxt: '3.12.0' } }),
        'web/pages/index.vue': VUE,
        'web/pages/users/[id].vue': VUE,
        'spa/package.json': JSON.stringify({ dependencies: { vue: '3.4.0', 'vue-router': '4.0.0' } }),
        'spa/src/pages/Home.vue': VUE,
      }),
    )
    expect(routes(graph)).toEqual(['web/pages/index.vue:1 nuxt GET / -> ', 'web/pages/users/[id].vue:1 nuxt GET /users/[id] -> '])
  })

  it('follow a manifest edit either way, as a fresh index of the edited files, also loaded back from stored records', async () => {
    const manifest = (dependencies: Record<string, string>): string => JSON.stringify({ name: 'web', dependencies })
    const files = { 'web/package.json': manifest({ react: '18.3.0' }), 'web/pages/about.tsx': PAGE, 'web/pages/index.tsx': PAGE }
    const graph = new LayerGraph(await layersOfText(files))
    expect(routes(graph)).toEqual([])
    const edit = async (dependencies: Record<string, string>): Promise<void> => {
      const [edited] = await layersOfText({ 'web/package.json': manifest(dependencies) })
      graph.apply({ upsert: [edited!] })
      const fresh = new LayerGraph(await layersOfText({ ...files, 'web/package.json': manifest(dependencies) }))
      expect(routes(graph)).toEqual(routes(fresh))
      // (A store keeps each file's records in their compact form.)
      const stored = [...graph.files()].map((file) => decodeFileLayers(JSON.parse(JSON.stringify(encodeFileLayers(file)))))
      expect(routes(new LayerGraph(stored))).toEqual(routes(fresh))
    }
    await edit({ react: '18.3.0', next: '14.2.0' })
    expect(routes(graph)).toEqual(['web/pages/about.tsx:1 nextjs GET /about -> About', 'web/pages/index.tsx:1 nextjs GET / -> About'])
    await edit({ react: '18.3.0', '@remix-run/react': '2.0.0' })
    expect(routes(graph)).toEqual([])
    await edit({ next: '15.0.0' })
    expect(routes(graph)).toHaveLength(2)
    // Once named, a graph applying nothing new writes nothing again.
    expect(graph.apply({}).rerouted).toEqual([])
  })

  it("follow a go.mod's requirements, and a Cargo.toml added later names clap's binary command", async () => {
    const main = 'package main\n\nimport "example.com/shop/router"\n\nfunc main() {\n\tr := router.New()\n\tr.GET("/items", list)\n}\n\nfunc list() {}\n'
    const graph = new LayerGraph(await layersOfText({ 'go.mod': 'module example.com/shop\n', 'main.go': main }))
    expect(routes(graph)).toEqual([])
    const [gin] = await layersOfText({ 'go.mod': 'module example.com/shop\n\nrequire github.com/gin-gonic/gin v1.9.1\n' })
    graph.apply({ upsert: [gin!] })
    expect(routes(graph)).toEqual(['main.go:7 gin GET /items -> list'])

    const cli = 'use clap::Parser;\n\n#[derive(Parser)]\nstruct Cli {\n    #[arg(long)]\n    verbose: bool,\n}\n\nfn main() {}\n'
    const rust = new LayerGraph(await layersOfText({ 'src/main.rs': cli }))
    const commands = (): string[] => rust.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}`)
    expect(commands()).toEqual([])
    const [cargo] = await layersOfText({ 'Cargo.toml': '[package]\nname = "tool"\n' })
    rust.apply({ upsert: [cargo!] })
    expect(commands()).toEqual(['src/main.rs:4 tool'])
  })
})
