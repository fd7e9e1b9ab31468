import { InvalidArgumentError, describeValue } from '@rag/core'

/**
 * Which index of a shared database a store reads and writes: one repository (any stable name: a
 * remote URL, `acme/app`, a session id), and optionally the commit it was indexed at. Many
 * projects live side by side in one database.
 *
 * @example
 * const head: ProjectKey = { repoId: 'github.com/acme/app' }
 * const pinned: ProjectKey = { repoId: 'github.com/acme/app', commitSha: '3f2a9c1' }
 */
export interface ProjectKey {
  /** The repository or project name, 1 to 512 characters. */
  readonly repoId: string
  /**
   * The commit the index is pinned to; omitted (or `''`) for the moving head that every index run
   * updates.
   * @default ''
   */
  readonly commitSha?: string
}

/** A checked key, `commitSha` filled. */
export interface ResolvedProjectKey {
  readonly repoId: string
  readonly commitSha: string
}

/** Checks a key. @throws InvalidArgumentError naming the field. */
export function resolveProjectKey(key: unknown): ResolvedProjectKey {
  const { repoId, commitSha = '' } = (key ?? {}) as { repoId?: unknown; commitSha?: unknown }
  if (typeof repoId !== 'string' || repoId.length === 0 || repoId.length > 512 || repoId.includes('\u0000')) {
    throw new InvalidArgumentError(`project.repoId must be a string of 1 to 512 characters without NUL; received ${describeValue(repoId)}.`)
  }
  if (typeof commitSha !== 'string' || commitSha.length > 128 || commitSha.includes('\u0000')) {
    throw new InvalidArgumentError(`project.commitSha must be a string of at most 128 characters without NUL; received ${describeValue(commitSha)}.`)
  }
  return { repoId, commitSha }
}

/** `acme/app` or `acme/app@3f2a9c1`, for messages. */
export function describeProject({ repoId, commitSha }: ResolvedProjectKey): string {
  return commitSha === '' ? repoId : `${repoId}@${commitSha}`
}
