import { randomUUID } from 'node:crypto'
import type { Document, Metadata } from '@rag/core'

/** What `RagService.listDocuments()` returns per added document (seed 001: `DocumentInfo`). */
export interface DocumentInfo {
  readonly id: string
  /** The first 100 characters of the content. */
  readonly preview: string
  /** The content's length in UTF-16 code units (`content.length`). */
  readonly contentLength: number
  readonly metadata: Metadata
}

/**
 * Ids of documents added with `addDocument` start with this prefix, followed by a random UUID.
 * Chunk ids start with the file's relative path, so they cannot collide unless a file at the
 * root is itself named `doc:...` (such chunks are told apart by the indexer's state).
 */
export const ADDED_DOCUMENT_PREFIX = 'doc:'

/** Length of {@link DocumentInfo.preview}. */
export const PREVIEW_LENGTH = 100

/** A fresh id for an added document. */
export function newDocumentId(): string {
  return `${ADDED_DOCUMENT_PREFIX}${randomUUID()}`
}

/** `true` when `id` has the shape of an added document's id. */
export function isAddedDocumentId(id: string): boolean {
  return id.startsWith(ADDED_DOCUMENT_PREFIX)
}

/** The listing entry of one document. */
export function toDocumentInfo(document: Document): DocumentInfo {
  return {
    id: document.id,
    preview: document.content.slice(0, PREVIEW_LENGTH),
    contentLength: document.content.length,
    metadata: document.metadata,
  }
}
