import type { Document, KnowledgeBase } from '@rag/core'

/** A knowledge base that can list ids and metadata without the content (`@rag/store-sqlite`'s does). */
interface MetadataListing {
  listMetadata(): Promise<readonly Pick<Document, 'id' | 'metadata'>[]>
}

/** Every document's id and metadata: without reading the content when the knowledge base can. */
export function metadataOf(knowledgeBase: KnowledgeBase): Promise<readonly Pick<Document, 'id' | 'metadata'>[]> {
  const listing = knowledgeBase as Partial<MetadataListing>
  return typeof listing.listMetadata === 'function' ? listing.listMetadata() : knowledgeBase.list()
}
