import { readFileSync } from 'node:fs'
import type { Config } from '../../eval/grid.js'
import { flexSearchEngine } from './flexsearch-engine.js'
import { miniSearchEngine } from './minisearch-engine.js'
import { oramaEngine } from './orama-engine.js'
import { ragEngine } from './rag-engine.js'
import type { EngineSpec } from './search-engine.js'
import { winkEngine } from './wink-engine.js'

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

/** The engine a request names. */
export function engineSpec(request: EngineRequest): EngineSpec {
  if (request.kind === 'rag') return ragEngine(request.label, request.config)
  const version = installedVersion(PACKAGES[request.peer])
  switch (request.peer) {
    case 'minisearch':
      return miniSearchEngine(version)
    case 'flexsearch':
      return flexSearchEngine(version)
    case 'orama':
      return oramaEngine(version)
    case 'wink-bm25':
      return winkEngine(version)
  }
}

/** The label a request will have in tables, without building anything. */
export function engineLabel(request: EngineRequest): string {
  return engineSpec(request).label
}
