import type { SymbolRecord } from '@rag/core'
import type { DefinitionSite, RankingSignals } from '@rag/rank'
import type { QueryPlan } from '@rag/router'
import { lookedUp } from './named-definition.js'

/** Anchors that name a definition: `CreateOrderAsync`, `OrderService.CreateOrderAsync`. */
const NAMED = new Set(['identifier', 'qualified'])

/**
 * The file ranking's definitions for a query that is one name (`CreateOrderAsync`,
 * `OrderService.CreateOrderAsync`), with the code layers' (C1) when no chunk is named for it: a
 * method of a class small enough to be one chunk (eShopOnWeb's `OrderService`), which the
 * chunk-derived definitions do not see. Names inside a sentence keep the chunk-derived sites: the
 * layers' for them too lowered the bench localization suite (test MRR@10 0.689 -> 0.684, dev
 * unchanged), and C1 in place of the chunks' measured lower on dev before.
 */
export async function withLayerDefinitions(
  plan: QueryPlan,
  signals: RankingSignals,
  symbols: (name: string) => Promise<readonly SymbolRecord[]>,
): Promise<RankingSignals> {
  const chunkDefinitions = signals.definitions
  if (chunkDefinitions === undefined || lookedUp(plan.query) === undefined) return signals
  const extra = new Map<string, DefinitionSite[]>()
  for (const anchor of plan.anchors) {
    const name = anchor.name
    if (!NAMED.has(anchor.kind) || name === undefined || extra.has(name) || chunkDefinitions.definitions(name).length > 0) continue
    const found = await symbols(anchor.text)
    if (found.length > 0) extra.set(name, found.map((symbol) => ({ file: symbol.path, kind: symbol.kind, isTest: symbol.isTest, ...(symbol.exported === undefined ? {} : { exported: symbol.exported }) })))
  }
  if (extra.size === 0) return signals
  return { ...signals, definitions: { definitions: (name) => extra.get(name) ?? chunkDefinitions.definitions(name) } }
}
