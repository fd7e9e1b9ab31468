import type { EdgeRecord, SymbolRecord } from '@rag/core'

/** Where an edge leads: its resolution fields. */
export type Resolved = Pick<EdgeRecord, 'resolution' | 'targetPath' | 'targetSymbolId' | 'candidates'>

/** Leads nowhere the index or a package holds. */
export const UNRESOLVED: Resolved = Object.freeze({ resolution: 'unresolved', targetPath: '', targetSymbolId: '', candidates: 0 })

/** Leads into a package or the runtime, outside the index. */
export const EXTERNAL: Resolved = Object.freeze({ resolution: 'external', targetPath: '', targetSymbolId: '', candidates: 0 })

/** Leads to one indexed definition. */
export const toSymbol = (symbol: SymbolRecord): Resolved => ({ resolution: 'resolved', targetPath: symbol.path, targetSymbolId: symbol.id, candidates: 1 })
