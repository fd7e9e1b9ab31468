import type { Document } from './document.js'
import { DuplicateIdError, InvalidArgumentError } from './errors.js'

/**
 * Renders a received value for an error message: strings quoted and shortened, numbers and
 * booleans as is, anything else by its type.
 *
 * @example
 * describeValue('x'.repeat(100)) // '"xxx...xxx..."' (60 characters at most)
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value)
  }
  if (Array.isArray(value)) return 'an array'
  return `a value of type ${typeof value}`
}

/**
 * Checks a `topK` argument: a positive safe integer.
 *
 * @throws InvalidArgumentError naming the received value.
 */
export function assertTopK(topK: unknown, where = 'topK'): asserts topK is number {
  if (typeof topK !== 'number' || !Number.isSafeInteger(topK) || topK < 1) {
    throw new InvalidArgumentError(`${where} must be a positive integer; received ${describeValue(topK)}.`)
  }
}

/**
 * Checks a query: a string with at least one non-whitespace character.
 *
 * @throws InvalidArgumentError naming the received value.
 */
export function assertQuery(query: unknown, where = 'query'): asserts query is string {
  if (typeof query !== 'string' || query.trim().length === 0) {
    throw new InvalidArgumentError(`${where} must be a non-empty string; received ${describeValue(query)}.`)
  }
}

/**
 * Checks a weight: a finite number greater than zero.
 *
 * @throws InvalidArgumentError naming the received value.
 */
export function assertWeight(weight: unknown, where = 'weight'): asserts weight is number {
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) {
    throw new InvalidArgumentError(`${where} must be a finite number greater than 0; received ${describeValue(weight)}.`)
  }
}

/**
 * Checks one document's shape: non-empty string id, string content, flat metadata of strings,
 * finite numbers and booleans.
 *
 * @throws InvalidArgumentError naming the document and the bad field.
 */
export function assertDocument(doc: unknown, where = 'document'): asserts doc is Document {
  checkDocument(doc, where, -1)
}

/**
 * {@link assertDocument} for `where`, or for `where[index]` when `index >= 0`: the label is built
 * only for an error, as a batch of 50,000 documents would otherwise build 50,000 of them.
 */
function checkDocument(doc: unknown, label: string, index: number): asserts doc is Document {
  if (isPlainDocument(doc)) return
  const where = index < 0 ? label : `${label}[${index}]`
  if (typeof doc !== 'object' || doc === null) {
    throw new InvalidArgumentError(`${where} must be an object with id, content and metadata; received ${describeValue(doc)}.`)
  }
  const { id, content, metadata } = doc as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError(`${where}.id must be a non-empty string; received ${describeValue(id)}.`)
  }
  if (typeof content !== 'string') {
    throw new InvalidArgumentError(`${where} "${id}": content must be a string; received ${describeValue(content)}.`)
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InvalidArgumentError(`${where} "${id}": metadata must be an object; received ${describeValue(metadata)}.`)
  }
  for (const [key, value] of Object.entries(metadata)) {
    const ok = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
    if (!ok) {
      throw new InvalidArgumentError(
        `${where} "${id}": metadata.${key} must be a string, finite number or boolean; received ${describeValue(value)}.`,
      )
    }
  }
}

/** Whether `doc` passes every check of {@link assertDocument}, without allocating. */
function isPlainDocument(doc: unknown): boolean {
  if (typeof doc !== 'object' || doc === null) return false
  const { id, content, metadata } = doc as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0 || typeof content !== 'string') return false
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false
  const record = metadata as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (!(typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) return false
  }
  return true
}

/**
 * Checks a batch of documents: each well formed, no id twice in the batch.
 *
 * @throws InvalidArgumentError for a malformed document, DuplicateIdError for a repeated id.
 */
export function assertDocuments(docs: unknown, where = 'documents'): asserts docs is readonly Document[] {
  if (!Array.isArray(docs)) {
    throw new InvalidArgumentError(`${where} must be an array of documents; received ${describeValue(docs)}.`)
  }
  const seen = new Set<string>()
  for (let i = 0; i < docs.length; i++) {
    const doc: unknown = docs[i]
    checkDocument(doc, where, i)
    if (seen.has(doc.id)) {
      throw new DuplicateIdError(doc.id, `${where}[${i}]: id "${doc.id}" appears more than once in the batch.`)
    }
    seen.add(doc.id)
  }
}

/**
 * Checks one document id: a string.
 *
 * @throws InvalidArgumentError naming what was given (`id must be a string; received 5.`).
 */
export function assertId(id: unknown, where = 'id'): asserts id is string {
  if (typeof id !== 'string') throw new InvalidArgumentError(`${where} must be a string; received ${describeValue(id)}.`)
}

/**
 * Checks a list of ids: an array of strings.
 *
 * @throws InvalidArgumentError naming the bad entry.
 */
export function assertIds(ids: unknown, where = 'ids'): asserts ids is readonly string[] {
  if (!Array.isArray(ids)) {
    throw new InvalidArgumentError(`${where} must be an array of strings; received ${describeValue(ids)}.`)
  }
  ids.forEach((id, i) => {
    if (typeof id !== 'string') {
      throw new InvalidArgumentError(`${where}[${i}] must be a string; received ${describeValue(id)}.`)
    }
  })
}
