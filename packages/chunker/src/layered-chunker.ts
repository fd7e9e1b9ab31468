import type { ChunksWithLayers, FileLayers, LayeredChunker } from '@rag/core'
import { chunkerId } from './chunker-id.js'
import { appConfigPrefixEdges } from './code/layers/entrypoints/app-config-prefixes.js'
import { openApiRoutes } from './code/layers/entrypoints/openapi-specs.js'
import { svelteKitPages } from './code/layers/entrypoints/sveltekit-routes.js'
import { vuePages } from './code/layers/entrypoints/vue-pages.js'
import { astroPages } from './code/layers/entrypoints/astro-routes.js'
import { symfonyRouteConfig } from './code/layers/entrypoints/symfony-route-config.js'
import { layerExtractorFor, type LayerExtractor } from './code/layers/extract-layers.js'
import { layerLanguage } from './code/layers/family-registry.js'
import { isTestPath } from './code/layers/is-test.js'
import { readManifest } from './code/layers/manifests.js'
import type { LanguageInfo } from './languages.js'
import { assertSourceFile, chunkFile } from './normalized-document-chunker.js'
import { resolveChunkerOptions, type ChunkerOptions } from './options.js'
import { routeFile } from './route.js'

/** Version of the layer extraction (tables, detectors, record shapes); part of the layered chunker's `id`. */
export const LAYERS_VERSION = 147

const extractors = new Map<string, LayerExtractor | undefined>()

/** The extractor of a language, cached per thread. */
function extractorFor(info: LanguageInfo): LayerExtractor | undefined {
  if (!extractors.has(info.id)) extractors.set(info.id, layerExtractorFor(info))
  return extractors.get(info.id)
}

/**
 * Creates a chunker that also extracts each file's layer records (seed 003's C1 symbols, C2 raw
 * edges, C3 entrypoints, and what project files say about resolution) from the parse the
 * chunking already does. Its chunks are exactly those of {@link createNormalizedDocumentChunker}
 * with the same options; its `id` adds `+layers@<version>`, so an index built with it re-extracts
 * when the extraction changes.
 *
 * @example
 * const chunker = createLayeredChunker()
 * const { chunks, layers } = await chunker.chunkWithLayers({ path: 'src/app.ts', content, format: 'code' })
 * layers.symbols.map((s) => s.qname) // ['App', 'App.start', ...]
 *
 * @throws InvalidArgumentError for an option out of range.
 */
export function createLayeredChunker(options: ChunkerOptions = {}): LayeredChunker {
  const resolved = resolveChunkerOptions(options)
  return {
    id: `${chunkerId(resolved)}+layers@${LAYERS_VERSION}`,
    chunk: async (file) => {
      assertSourceFile(file)
      return chunkFile(file, resolved)
    },
    chunkWithLayers: async (file): Promise<ChunksWithLayers> => {
      assertSourceFile(file)
      const route = routeFile(file)
      const extractor = route.strategy === 'code' && route.info ? extractorFor(route.info) : undefined
      let extracted: FileLayers | undefined
      const visit = extractor
        ? (root: Parameters<LayerExtractor>[0], lines: Parameters<LayerExtractor>[1], rules: Parameters<LayerExtractor>[3]) => {
            extracted = extractor(root, lines, file.path, rules)
          }
        : undefined
      const chunks = await chunkFile(file, resolved, visit)
      const layers = extracted ?? {
        path: file.path,
        language: layerLanguage(route.language),
        module: '',
        isTest: isTestPath(file.path),
        symbols: [],
        edges: [],
        entrypoints: [],
      }
      // A JVM module's `application.properties` and Symfony's `config/routes.yaml` set route prefixes
      // (global `mounts` edges of their own); Symfony's route configuration, OpenAPI documents and the page components of SvelteKit, Nuxt, Vue Router's file-based routing and Astro define routes.
      const symfony = symfonyRouteConfig(layers, file.content)
      const configEdges = [...appConfigPrefixEdges(layers, file.content), ...symfony.edges]
      const configRoutes = [...symfony.routes, ...openApiRoutes(layers, file.content), ...svelteKitPages(layers), ...vuePages(layers, file.content), ...astroPages(layers)]
      const withEntrypoints = configRoutes.length > 0 ? { ...layers, entrypoints: [...layers.entrypoints, ...configRoutes] } : layers
      const withEdges = configEdges.length > 0 ? { ...withEntrypoints, edges: [...withEntrypoints.edges, ...configEdges] } : withEntrypoints
      const manifest = readManifest(file.path, file.content)
      return { chunks, layers: manifest ? { ...withEdges, manifest } : withEdges }
    },
  }
}
