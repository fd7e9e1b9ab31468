import { accessSync, constants } from 'node:fs'
import { dirname } from 'node:path'

/**
 * `true` when this process may write the store file and create files beside it (`-wal`, `-shm`):
 * otherwise the store is opened read-only, and SQLite's refusals are reported as permissions.
 */
export function writable(path: string): boolean {
  try {
    accessSync(dirname(path), constants.W_OK)
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}
