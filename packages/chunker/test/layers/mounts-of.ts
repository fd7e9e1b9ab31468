import { createLayeredChunker } from '../../src/index.js'

/** One layered chunker for the mount tests. */
export const chunker = createLayeredChunker()

/** The file's `mounts` edges as `[receiver.]target at prefix on router`, and its routes with their router. */
export async function mountsOf(path: string, lines: readonly string[]): Promise<{ mounts: string[]; routes: string[] }> {
  const { layers } = await chunker.chunkWithLayers({ path, content: lines.join('\n'), format: 'code' })
  return {
    mounts: layers.edges.filter((e) => e.kind === 'mounts').map((e) => `${e.receiver ? `${e.receiver}.` : ''}${e.target} at ${JSON.stringify(e.prefix)} on ${JSON.stringify(e.router)} line ${e.startLine}`),
    routes: layers.entrypoints.map((e) => `${e.method} ${e.route} on ${e.router ?? '-'}`),
  }
}
