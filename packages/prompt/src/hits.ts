import { assertDocument, InvalidArgumentError, type Document } from '@rag/core'

/**
 * Checks that `results` is an array; a non-array is a programming error, unlike a malformed hit
 * inside it, which is data and makes rendering fall back to the query.
 *
 * @throws InvalidArgumentError naming the received value.
 */
export function assertResultList(results: unknown): asserts results is readonly unknown[] {
  if (!Array.isArray(results)) {
    const received = results === null ? 'null' : typeof results
    throw new InvalidArgumentError(`results must be an array of search results; received ${received}.`)
  }
}

/**
 * Extracts the documents of the hits, checking each the way `@rag/core` checks stored documents
 * (non-empty string id, string content, flat metadata of strings, finite numbers and booleans).
 *
 * @throws InvalidArgumentError naming the first malformed hit and field.
 */
export function readHits(results: readonly unknown[]): Document[] {
  const documents: Document[] = []
  for (let i = 0; i < results.length; i++) {
    const hit: unknown = results[i]
    if (typeof hit !== 'object' || hit === null) {
      throw new InvalidArgumentError(`results[${i}] must be a search result object; received ${hit === null ? 'null' : typeof hit}.`)
    }
    const document = (hit as { document?: unknown }).document
    assertDocument(document, `results[${i}].document`)
    documents.push(document)
  }
  return documents
}
