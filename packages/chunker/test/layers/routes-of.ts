import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** The HTTP routes of one file, written `framework method route -> handler` (`-` for none). */
export async function httpRoutesOf(path: string, lines: readonly string[]): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path, content: lines.join('\n'), format: 'code' })
  return layers.entrypoints.filter((e) => e.kind === 'http-route').map((e) => `${e.framework} ${e.method} ${e.route} -> ${e.handler || '-'}`)
}
