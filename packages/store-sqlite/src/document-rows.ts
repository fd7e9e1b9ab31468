import {
  DuplicateIdError,
  InvalidArgumentError,
  assertDocuments,
  describeValue,
  type AnalyzedDocuments,
  type Analyzer,
  type Document,
  type IndexedText,
  type Metadata,
} from '@rag/core'
import { countFtsTokens, joinedTermsColumn, termsColumn } from './fts-tokens.js'
import type { DocumentRow, Statements } from './statements.js'

/** A document's analyzed terms as the FTS5 column holds them. */
export interface DocumentTerms {
  readonly terms: string
  /** How many tokens FTS5 indexes for `terms`: the document's length in the TF-IDF score. */
  readonly termCount: number
}

/** A validated document ready to insert: its row values and its analyzed terms. */
export interface PreparedDocument {
  readonly id: string
  readonly content: string
  readonly metadata: string
  /**
   * Its terms: computed before the write, or, when the caller's analysis comes joined from another
   * thread, read when the row is written (so that analysis overlaps the writes before).
   */
  readonly terms: () => DocumentTerms
}

function documentTerms(terms: string): DocumentTerms {
  return { terms, termCount: countFtsTokens(terms) }
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed exists on Node 20 (V8 11.3) but not in the ES2023 lib typings.
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed()
}

function assertWellFormed(text: string, where: string): void {
  if (!isWellFormed(text)) {
    throw new InvalidArgumentError(
      `${where} contains a lone UTF-16 surrogate; expected well-formed Unicode (SQLite stores UTF-8, which cannot hold it unchanged).`,
    )
  }
}

/**
 * Validates a batch (the core rules plus well-formed Unicode, which UTF-8 storage needs to give
 * the text back unchanged) and runs the analyzer on each document's indexed text, all before any
 * write starts; a document in `analyzed` (from this very analyzer and indexed text) keeps the
 * terms given there instead. The stored row keeps the document as given.
 *
 * @throws InvalidArgumentError or DuplicateIdError; nothing has been written.
 */
export function prepareDocuments(documents: unknown, analyzer: Analyzer, indexedText: IndexedText, where = 'documents', analyzed?: AnalyzedDocuments): PreparedDocument[] {
  assertDocuments(documents, where)
  const known = analyzed !== undefined && analyzed.analyzer === analyzer && analyzed.indexedText === indexedText ? analyzed : undefined
  return documents.map((doc, i) => {
    const at = `${where}[${i}] "${doc.id}"`
    assertWellFormed(doc.id, `${where}[${i}].id`)
    assertWellFormed(doc.content, `${at}: content`)
    for (const [key, value] of Object.entries(doc.metadata)) {
      assertWellFormed(key, `${at}: a metadata key`)
      if (typeof value === 'string') assertWellFormed(value, `${at}: metadata.${key}`)
    }
    const analyse = (): DocumentTerms => documentTerms(termsColumn(known?.terms(doc) ?? analyzer.analyze(textToIndex(doc, indexedText, at))))
    let terms: DocumentTerms | undefined
    if (known?.joinedTerms === undefined) terms = analyse()
    const read = (): DocumentTerms => {
      if (terms !== undefined) return terms
      const joined = known!.joinedTerms!(doc)
      return (terms = joined === undefined ? analyse() : documentTerms(joinedTermsColumn(joined)))
    }
    return { id: doc.id, content: doc.content, metadata: JSON.stringify(doc.metadata), terms: read }
  })
}

function textToIndex(doc: Document, indexedText: IndexedText, at: string): string {
  const text: unknown = indexedText.text(doc)
  if (typeof text !== 'string') {
    throw new InvalidArgumentError(`${at}: indexed text "${indexedText.name}" returned ${describeValue(text)}; expected a string.`)
  }
  return text
}

/** Builds a `Document` from a raw row. */
export function rowToDocument(row: DocumentRow | readonly [string, string, string, ...unknown[]]): Document {
  return { id: row[0], content: row[1], metadata: JSON.parse(row[2]) as Metadata }
}

/** Every stored document in insertion order (one statement). */
export function listDocuments(statements: Statements): Document[] {
  const rows = statements.listDocuments.all()
  const out = new Array<Document>(rows.length)
  for (let i = 0; i < rows.length; i++) out[i] = rowToDocument(rows[i]!)
  return out
}

/** Every stored document's id and metadata in insertion order, without its content (one statement). */
export function listMetadata(statements: Statements): Array<{ readonly id: string; readonly metadata: Metadata }> {
  return statements.listMetadata.all().map(([id, metadata]) => ({ id, metadata: JSON.parse(metadata) as Metadata }))
}

/** Deletes documents (and their terms) by id inside the caller's transaction; unknown ids are ignored. */
export function deleteDocuments(statements: Statements, ids: readonly string[]): number {
  let removed = 0
  for (const id of ids) {
    const seq = statements.deleteDocument.get(id)
    if (seq === undefined) continue
    statements.deleteTerms.run(seq)
    statements.deleteTermCount.run(seq)
    removed++
  }
  return removed
}

/**
 * Inserts prepared documents inside the caller's transaction.
 *
 * @throws DuplicateIdError when an id is already stored; the caller's transaction rolls back.
 */
export function insertDocuments(statements: Statements, documents: readonly PreparedDocument[], path: string): void {
  for (const doc of documents) {
    let seq: number | bigint
    try {
      seq = statements.insertDocument.run(doc.id, doc.content, doc.metadata).lastInsertRowid
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new DuplicateIdError(
          doc.id,
          `${path}: id "${doc.id}" is already stored; remove it in the same replaceDocuments call to replace it.`,
          { cause: error },
        )
      }
      throw error
    }
    const { terms, termCount } = doc.terms()
    statements.insertTerms.run(seq, terms)
    statements.insertTermCount.run(seq, termCount)
  }
}
