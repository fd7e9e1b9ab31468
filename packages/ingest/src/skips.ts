/**
 * Why a path was not indexed. Every skip is reported, none is silent: `plan()` lists them all and
 * an index run returns them with its result.
 */
export type SkipReason =
  /** A `.gitignore` / `.tnsignore` rule matched: which file, line and pattern. */
  | { readonly kind: 'ignored'; readonly file: string; readonly line: number; readonly pattern: string }
  /** A default directory or file name of SPEC §4 (`node_modules`, `.env.*`, `id_rsa`, `.rag`, ...). */
  | { readonly kind: 'default-skip'; readonly name: string }
  /** One of the caller's `extraSkipNames`. */
  | { readonly kind: 'extra-skip'; readonly name: string }
  /** An `exclude` glob matched. */
  | { readonly kind: 'excluded'; readonly pattern: string }
  /** `include` is set and no glob matched this file. */
  | { readonly kind: 'not-included' }
  /** `.gitignore` and `.tnsignore` are read for rules but never ingested. */
  | { readonly kind: 'ignore-file' }
  /** Symbolic links are never followed; `target` is what the link points to. */
  | { readonly kind: 'symlink'; readonly target?: string }
  /** A FIFO, socket or device: never read. */
  | { readonly kind: 'not-regular' }
  /** Binary content, by extension or by sniffing; `detail` says which test decided. */
  | { readonly kind: 'binary'; readonly detail: string }
  /** Larger than `limits.maxFileBytes`. */
  | { readonly kind: 'too-large'; readonly max: number; readonly actual: number }
  /** Listed by the walk but gone when read: treated as deleted. */
  | { readonly kind: 'vanished' }
  /** A directory that could not be listed; files below it keep their previous chunks. */
  | { readonly kind: 'unreadable'; readonly code: string }
  /**
   * A name that is not valid UTF-8: Node gives it with U+FFFD for the stray bytes, under which it
   * cannot be opened (git keeps names as bytes and lists it).
   */
  | { readonly kind: 'name-not-utf8' }

/** What kind of entry was skipped. */
export type EntryType = 'file' | 'directory' | 'symlink' | 'other'

/** One skipped path and why. */
export interface SkippedEntry {
  /** Path relative to the root, `/`-separated. */
  readonly path: string
  /** The entry's type as the walk saw it (symbolic links are not followed). */
  readonly type: EntryType
  /** Why it was skipped. */
  readonly reason: SkipReason
}

/** A file that could not be read or extracted this run. It keeps its previous chunks. */
export interface FailedFile {
  /** Path relative to the root. */
  readonly path: string
  /** The error code (`EISDIR`, `ELOOP`, `EIO`, `NOT_REGULAR`, ...). */
  readonly code: string
  /** One sentence describing the failure. */
  readonly message: string
}
