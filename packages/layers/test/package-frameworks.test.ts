import { describe, expect, it } from 'vitest'
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
})
