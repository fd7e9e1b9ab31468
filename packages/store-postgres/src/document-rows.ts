import { InvalidArgumentError, assertDocuments, describeValue, type Analyzer, type Document, type IndexedText, type Metadata } from '@rag/core'

/** A validated document ready to insert: its row values and its analyzed terms. */
export interface PreparedDocument {
  readonly id: string
  readonly content: string
  /** The metadata as JSON text, exactly as given (key order kept). */
  readonly metadata: string
  readonly path: string | null
  readonly lang: string | null
  readonly spanStart: number | null
  readonly spanEnd: number | null
  /** Distinct terms in first-occurrence order, and how often each occurs. */
  readonly terms: readonly string[]
  readonly tfs: readonly number[]
  /** How many terms the analyzer produced: the document's length in both scores. */
  readonly length: number
}

/** Separates terms in the one text parameter a batch of term lists travels in. */
export const TERM_SEPARATOR = '\u001f'

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed exists on Node 20 (V8 11.3) but not in the ES2023 lib typings.
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed()
}

function assertStorable(text: string, where: string): void {
  if (!isWellFormed(text)) {
    throw new InvalidArgumentError(`${where} contains a lone UTF-16 surrogate; expected well-formed Unicode (PostgreSQL stores UTF-8, which cannot hold it unchanged).`)
  }
  if (text.includes('\u0000')) {
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

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

function lineOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : null
}

/**
 * Validates a batch: the core rules, and well-formed Unicode without NUL (which PostgreSQL text
 * needs to give it back unchanged).
 *
 * @throws InvalidArgumentError or DuplicateIdError.
 */
export function checkDocuments(documents: unknown, where = 'documents'): readonly Document[] {
  assertDocuments(documents, where)
  documents.forEach((doc, i) => {
    const at = `${where}[${i}] "${doc.id}"`
    assertStorable(doc.id, `${where}[${i}].id`)
    assertStorable(doc.content, `${at}: content`)
    for (const [key, value] of Object.entries(doc.metadata)) {
      assertStorable(key, `${at}: a metadata key`)
      if (typeof value === 'string') assertStorable(value, `${at}: metadata.${key}`)
    }
  })
  return documents
}

/**
 * Analyzes one checked document's indexed text into its row values and terms. The stored row
 * keeps the document as given.
 *
 * @throws InvalidArgumentError when the indexed text returns no string or the analyzer a term
 *   PostgreSQL cannot hold.
 */
export function prepareDocument(doc: Document, i: number, analyzer: Analyzer, indexedText: IndexedText, where = 'documents'): PreparedDocument {
  const at = `${where}[${i}] "${doc.id}"`
  const analyzed = analyzer.analyze(textToIndex(doc, indexedText, at))
  const counts = new Map<string, number>()
  for (const term of analyzed) counts.set(term, (counts.get(term) ?? 0) + 1)
  for (const term of counts.keys()) {
    if (term.length === 0 || term.includes(TERM_SEPARATOR) || term.includes('\u0000') || !isWellFormed(term)) {
      throw new InvalidArgumentError(`${at}: analyzer "${analyzer.name}" produced the term ${JSON.stringify(term)}; expected non-empty, well-formed terms without U+0000 or U+001F.`)
    }
  }
  const { file, language, startLine, endLine } = doc.metadata
  return {
    id: doc.id,
    content: doc.content,
    metadata: JSON.stringify(doc.metadata),
    path: stringOrNull(file),
    lang: stringOrNull(language),
    spanStart: lineOrNull(startLine),
    spanEnd: lineOrNull(endLine),
    terms: [...counts.keys()],
    tfs: [...counts.values()],
    length: analyzed.length,
  }
}

/** Builds a `Document` from its stored row values. */
export function rowToDocument(id: string, content: string, metadata: string): Document {
  return { id, content, metadata: JSON.parse(metadata) as Metadata }
}
