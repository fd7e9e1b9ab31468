import { RagError } from '@rag/core'
import { expect } from 'vitest'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBaseOptions } from '../sqlite-knowledge-base.js'

/** Test helper: opens the store at `path`, expects it to reject with a RagError, and returns it. */
export async function openError(path: string, options: SqliteKnowledgeBaseOptions = {}): Promise<RagError> {
  const error = await openSqliteKnowledgeBase(path, options).then(
    async (kb) => {
      await kb.close()
      return undefined
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RagError)
  return error as RagError
}
