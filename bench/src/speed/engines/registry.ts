import { readFileSync } from 'node:fs'
import type { Config } from '../../eval/grid.js'
import type { EngineSpec } from './search-engine.js'

/** The peer libraries compared. */
export type PeerId = 'minisearch' | 'flexsearch' | 'orama' | 'wink-bm25'

/** Every peer, in report order. */
export const PEERS: readonly PeerId[] = ['minisearch', 'flexsearch', 'orama', 'wink-bm25']

/** What a speed worker should build: a peer, or `@rag` in one configuration. Plain data, sent to a child process. */
export type EngineRequest = { readonly kind: 'peer'; readonly peer: PeerId } | { readonly kind: 'rag'; readonly label: string; readonly config: Config }

const PACKAGES: Record<PeerId, string> = {
  minisearch: 'minisearch',
  flexsearch: 'flexsearch',
  orama: '@orama/orama',
  'wink-bm25': 'wink-bm25-text-search',
}

/** The installed version of a bench dependency. */
export function installedVersion(name: string): string {
  const path = new URL(`../../../node_modules/${name}/package.json`, import.meta.url)
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version
}

/**
 * The engine a request names. Only that engine's module is loaded: each measurement runs in a
 * fresh process, and loading every library there cost about 0.7 s a run (wink's language data
 * alone 0.45 s), more than most smoke measurements take.
 */
export async function engineSpec(request: EngineRequest): Promise<EngineSpec> {
  if (request.kind === 'rag') return (await import('./rag-engine.js')).ragEngine(request.label, request.config)
  const version = installedVersion(PACKAGES[request.peer])
  switch (request.peer) {
    case 'minisearch':
      return (await import('./minisearch-engine.js')).miniSearchEngine(version)
    case 'flexsearch':
      return (await import('./flexsearch-engine.js')).flexSearchEngine(version)
    case 'orama':
      return (await import('./orama-engine.js')).oramaEngine(version)
    case 'wink-bm25':
      return (await import('./wink-engine.js')).winkEngine(version)
  }
}
