import { createHash } from 'node:crypto'

/** 16 hex digits of SHA-256 over `parts`: the id of a model's content. */
export function contentId(parts: readonly (string | ArrayBufferView)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(typeof part === 'string' ? part : new Uint8Array(part.buffer, part.byteOffset, part.byteLength))
  return hash.digest('hex').slice(0, 16)
}
