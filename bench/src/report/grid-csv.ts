import type { QualityRow } from '../eval/quality.js'

/**
 * Every row of the quality grid as CSV, one line per configuration, corpus and split. `store` is
 * `sqlite` for the CLI's engines (empty: in memory); `max_per_file` is the retriever's cap (empty:
 * the mode's usual path, `none`: no cap).
 */
export function gridCsv(rows: readonly QualityRow[]): string {
  const header = [
    'corpus', 'split', 'mode', 'store', 'max_per_file', 'bm25_analyzer', 'tfidf_analyzer', 'w_bm25', 'w_tfidf', 'fields', 'max_chars', 'queries',
    'r1', 'r5', 'r10', 'mrr10', 'ndcg10', 'file_r1', 'file_r5', 'file_r10', 'file_mrr10', 'file_ndcg10', 'r_20k_chars',
  ]
  const lines = rows.map((r) => {
    const c = r.config
    const m = [r.chunk.recall1, r.chunk.recall5, r.chunk.recall10, r.chunk.mrr10, r.chunk.ndcg10, r.file.recall1, r.file.recall5, r.file.recall10, r.file.mrr10, r.file.ndcg10, r.budgetRecall]
    const cap = c.maxPerFile === undefined ? '' : c.maxPerFile === null ? 'none' : c.maxPerFile
    return [r.corpus, r.split, c.mode, c.store ?? '', cap, c.bm25Analyzer ?? '', c.tfidfAnalyzer ?? '', c.weights?.[0] ?? '', c.weights?.[1] ?? '', c.fields, c.maxChars, r.chunk.n, ...m.map((v) => v.toFixed(4))].join(',')
  })
  return [header.join(','), ...lines, ''].join('\n')
}
