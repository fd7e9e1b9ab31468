import type pg from 'pg'
import { InvalidArgumentError, assertDocuments, describeValue, type Analyzer, type Document, type IndexedText, type Metadata } from '@rag/core'

/** A validated document ready to insert: its row values and its analyzed terms. */
export interface PreparedDocument {
  readonly id: string
  /** The content as stored: as given, or as a JSON string when it holds NUL (see `contentJson`). */
  readonly content: string
  /** `true` when `content` is JSON (the document's content holds NUL characters). */
  readonly contentJson: boolean
  /** The metadata as JSON text, exactly as given (key order kept). */
  readonly metadata: string
  readonly path: string | null
  readonly lang: string | null
  readonly spanStart: number | null
  readonly spanEnd: number | null
  /** Every term the analyzer produced, in order (repeats included): their count is the document's length in both scores. */
  readonly analyzed: readonly string[]
  /**
   * Checks a term of `analyzed` before it is stored (non-empty, well-formed, without U+0000 or
   * U+001F). The postings writer calls it once per distinct term of a span, not per occurrence.
   * @throws InvalidArgumentError naming the document, the analyzer and the term.
   */
  readonly checkTerm: (term: string) => void
}

/** Joins a query's terms into one key (the search batcher's); terms may not contain it. */
export const TERM_SEPARATOR = '\u001f'

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed exists on Node 20 (V8 11.3) but not in the ES2023 lib typings.
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed()
}

function assertStorable(text: string, where: string, nulAllowed = false): void {
  if (!isWellFormed(text)) {
    throw new InvalidArgumentError(`${where} contains a lone UTF-16 surrogate; expected well-formed Unicode (PostgreSQL stores UTF-8, which cannot hold it unchanged).`)
  }
  if (!nulAllowed && text.includes('\u0000')) {
    throw new InvalidArgumentError(`${where} contains a NUL character (U+0000); expected text without it (PostgreSQL text cannot hold it).`)
  }
}

function textToIndex(doc: Document, indexedText: IndexedText, at: string): string {
  const text: unknown = indexedText.text(doc)
  if (typeof text !== 'string') {
    throw new InvalidArgumentError(`${at}: indexed text "${indexedText.name}" returned ${describeValue(text)}; expected a string.`)
  }
  return text
}

/** A metadata string for a lifted column; `null` when absent or holding NUL (the JSON keeps it). */
function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && !value.includes('\u0000') ? value : null
}

function lineOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : null
}

/**
 * Validates a batch: the core rules, well-formed Unicode (which UTF-8 storage needs to give it
 * back unchanged), and ids without NUL (PostgreSQL text cannot hold it; content can, see
 * {@link PreparedDocument.contentJson}).
 *
 * @throws InvalidArgumentError or DuplicateIdError.
 */
export function checkDocuments(documents: unknown, where = 'documents'): readonly Document[] {
  assertDocuments(documents, where)
  documents.forEach((doc, i) => {
    const at = `${where}[${i}] "${doc.id}"`
    assertStorable(doc.id, `${where}[${i}].id`)
    // NUL in content and metadata is kept (content as JSON, metadata is JSON anyway).
    assertStorable(doc.content, `${at}: content`, true)
    for (const [key, value] of Object.entries(doc.metadata)) {
      assertStorable(key, `${at}: a metadata key`, true)
      if (typeof value === 'string') assertStorable(value, `${at}: metadata.${key}`, true)
    }
  })
  return documents
}

/**
 * Analyzes one checked document's indexed text and makes its row values. The stored row keeps
 * the document as given.
 *
 * @throws InvalidArgumentError when the indexed text returns no string.
 */
export function prepareDocument(doc: Document, i: number, analyzer: Analyzer, indexedText: IndexedText, where = 'documents'): PreparedDocument {
  const analyzed = analyzer.analyze(textToIndex(doc, indexedText, `${where}[${i}] "${doc.id}"`))
  const { file, language, startLine, endLine } = doc.metadata
  const contentJson = doc.content.includes('\u0000')
  return {
    id: doc.id,
    content: contentJson ? JSON.stringify(doc.content) : doc.content,
    contentJson,
    metadata: JSON.stringify(doc.metadata),
    path: stringOrNull(file),
    lang: stringOrNull(language),
    spanStart: lineOrNull(startLine),
    spanEnd: lineOrNull(endLine),
    analyzed,
    checkTerm: (term) => {
      if (term.length === 0 || term.includes(TERM_SEPARATOR) || term.includes('\u0000') || !isWellFormed(term)) {
        throw new InvalidArgumentError(
          `${where}[${i}] "${doc.id}": analyzer "${analyzer.name}" produced the term ${JSON.stringify(term)}; expected non-empty, well-formed terms without U+0000 or U+001F.`,
        )
      }
    },
  }
}

/** Builds a `Document` from its stored row values. */
export function rowToDocument(id: string, content: string, metadata: string, contentJson = false): Document {
  return { id, content: contentJson ? (JSON.parse(content) as string) : content, metadata: JSON.parse(metadata) as Metadata }
}

/** The stored document with this id, or `undefined` (one statement). */
export async function readDocument(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }, id: string): Promise<Document | undefined> {
  const { rows } = await client.query<{ content: string; content_json: boolean; metadata: string }>(
    'SELECT c.content, c.content_json, c.metadata FROM rag_chunks c JOIN rag_projects p ON p.id = c.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2 AND c.id = $3',
    [key.repoId, key.commitSha, id],
  )
  return rows[0] === undefined ? undefined : rowToDocument(id, rows[0].content, rows[0].metadata, rows[0].content_json)
}

/** Every stored document of a project in insertion order (one statement, so one snapshot). */
/** Every stored document's id and metadata, in insertion order, without reading the content (one statement). */
export async function readAllMetadata(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }): Promise<{ id: string; metadata: Metadata }[]> {
  const { rows } = await client.query<{ id: string; metadata: string }>(
    'SELECT c.id, c.metadata FROM rag_chunks c JOIN rag_projects p ON p.id = c.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2 ORDER BY c.seq',
    [key.repoId, key.commitSha],
  )
  return rows.map((row) => ({ id: row.id, metadata: JSON.parse(row.metadata) as Metadata }))
}

export async function readAllDocuments(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }): Promise<Document[]> {
  const { rows } = await client.query<{ id: string; content: string; content_json: boolean; metadata: string }>(
    'SELECT c.id, c.content, c.content_json, c.metadata FROM rag_chunks c JOIN rag_projects p ON p.id = c.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2 ORDER BY c.seq',
    [key.repoId, key.commitSha],
  )
  return rows.map((row) => rowToDocument(row.id, row.content, row.metadata, row.content_json))
}
