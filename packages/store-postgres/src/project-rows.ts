import type pg from 'pg'
import type { IndexStateJson, StoredIndexState } from '@rag/core'
import type { ResolvedProjectKey } from './project-key.js'
import { IncompatibleStoreError } from './store-errors.js'

/** A project row, as a write locks it or a read sees it. */
export interface ProjectRow {
  readonly id: number
  readonly generation: number
  readonly analyzer: string | null
  readonly indexedText: string | null
  readonly chunkCount: number
  readonly totalLength: number
  readonly committedAt: Date | null
  readonly state: string | null
}

interface RawProjectRow {
  id: number
  generation: string
  analyzer: string | null
  indexed_text: string | null
  chunk_count: string
  total_length: string
  committed_at: Date | null
  state: string | null
}

const COLUMNS = 'id, generation, analyzer, indexed_text, chunk_count, total_length, committed_at, state'

function toRow(raw: RawProjectRow): ProjectRow {
  return {
    id: raw.id,
    generation: Number(raw.generation),
    analyzer: raw.analyzer,
    indexedText: raw.indexed_text,
    chunkCount: Number(raw.chunk_count),
    totalLength: Number(raw.total_length),
    committedAt: raw.committed_at,
    state: raw.state,
  }
}

/** The project's row, or `undefined` when nothing was ever written to it. */
export async function readProject(client: pg.ClientBase, key: ResolvedProjectKey, forUpdate = false): Promise<ProjectRow | undefined> {
  const { rows } = await client.query<RawProjectRow>(
    `SELECT ${COLUMNS} FROM rag_projects WHERE repo_id = $1 AND commit_sha = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [key.repoId, key.commitSha],
  )
  return rows[0] === undefined ? undefined : toRow(rows[0])
}

/** The project's stored state, generation counter and last commit time (zero and none for a project without a row). */
export async function readState(client: pg.ClientBase, key: ResolvedProjectKey): Promise<StoredIndexState> {
  const project = await readProject(client, key)
  return {
    generation: project?.generation ?? 0,
    committedAt: project?.committedAt?.toISOString() ?? undefined,
    state: project?.state === undefined || project.state === null ? undefined : (JSON.parse(project.state) as IndexStateJson),
  }
}

/** The project's id, creating its row (recording the analyzer and indexed text) if there is none. */
export async function ensureProject(client: pg.ClientBase, key: ResolvedProjectKey, analyzer: string, indexedText: string): Promise<number> {
  for (;;) {
    const found = await client.query<{ id: number }>('SELECT id FROM rag_projects WHERE repo_id = $1 AND commit_sha = $2', [key.repoId, key.commitSha])
    if (found.rows[0] !== undefined) return found.rows[0].id
    const created = await client.query<{ id: number }>(
      'INSERT INTO rag_projects (repo_id, commit_sha, analyzer, indexed_text) VALUES ($1, $2, $3, $4) ON CONFLICT (repo_id, commit_sha) DO NOTHING RETURNING id',
      [key.repoId, key.commitSha, analyzer, indexedText],
    )
    if (created.rows[0] !== undefined) return created.rows[0].id
  }
}

/** A choice recorded with the project: the analyzer, or the indexed text. */
interface Recorded {
  readonly column: 'analyzer' | 'indexed_text'
  /** In messages and in `IncompatibleStoreError.expected`/`found`. */
  readonly label: 'analyzer' | 'indexed text'
}

const ANALYZER: Recorded = { column: 'analyzer', label: 'analyzer' }
const INDEXED_TEXT: Recorded = { column: 'indexed_text', label: 'indexed text' }

/**
 * The postings hold terms analysed from one text of each chunk with one analyzer, so a project is
 * only usable with those. A project without chunks adopts the requested ones (inside the
 * caller's write transaction, `adopt`); a project with chunks made otherwise is refused.
 *
 * @throws IncompatibleStoreError naming what the project holds and what was asked for.
 */
export async function checkRecorded(
  client: pg.ClientBase,
  project: ProjectRow,
  where: string,
  requested: { readonly analyzer: string; readonly indexedText: string },
  adopt: boolean,
): Promise<void> {
  for (const recorded of [ANALYZER, INDEXED_TEXT]) {
    const stored = recorded === ANALYZER ? project.analyzer : project.indexedText
    const wanted = recorded === ANALYZER ? requested.analyzer : requested.indexedText
    if (stored === wanted) continue
    if (stored === null || project.chunkCount === 0) {
      if (adopt) await client.query(`UPDATE rag_projects SET ${recorded.column} = $2 WHERE id = $1`, [project.id, wanted])
      continue
    }
    const { label } = recorded
    throw new IncompatibleStoreError(
      where,
      `${label} ${wanted}`,
      `${label} ${stored}`,
      `${where}: indexed with ${label} "${stored}", opened with "${wanted}"; open it with the same ${label} or clear and re-index it.`,
    )
  }
}
