import { join } from 'node:path'
import type { RagError } from '@rag/core'
import { decodeText, type TextEncoding } from './decode.js'
import { detectFormat } from './format-detection.js'
import type { IgnoreCompileOptions } from './ignore/ignore-file.js'
import type { IgnoreMatch } from './ignore/ignore-stack.js'
import { limitError, type Limits } from './limits.js'
import { readRegularFile } from './read-file.js'
import type { CompiledSource } from './source-options.js'
import type { SkippedEntry } from './skips.js'
import { walk } from './walk.js'
import { walkWarnings, type IngestWarning } from './warnings.js'

/** A file an index run would ingest. */
export interface PlannedFile {
  /** Path relative to the root. */
  readonly path: string
  /** Raw size in bytes. */
  readonly bytes: number
  /** Decoded length (counted against `maxDecodedBytes`). */
  readonly chars: number
  /** Detected format (`code`, `markdown`, `text`, ...). */
  readonly format: string
  /** Detected language, where known. */
  readonly language?: string
  /** How the bytes were decoded (see the README's decoding rules). */
  readonly encoding: TextEncoding
  /** The `!` rule that re-included the file, when one matched it (like `git check-ignore -v`). */
  readonly reincludedBy?: IgnoreMatch
  /** The rule that would ignore the file, which does not apply because git tracks it (gitignore(5)). */
  readonly trackedDespite?: IgnoreMatch
}

/** Files and bytes under one key (a directory or a format). */
export interface PlanCount {
  /** The directory (`.` for the root) or the format. */
  readonly key: string
  /** Admitted files. */
  readonly files: number
  /** Their raw size in bytes. */
  readonly bytes: number
}

/**
 * The answer of a dry run: what would be indexed, what would not and why, and whether the run
 * would be rejected.
 */
export interface IngestionPlan {
  /** Absolute, symlink-free root. */
  readonly root: string
  /** Files that would be indexed, sorted by path. */
  readonly files: PlannedFile[]
  /** Every skipped path and its reason (ignore file and line, default skip, cap, binary, symlink, ...). */
  readonly skipped: SkippedEntry[]
  /** Ignore files read (`.git/info/exclude` included), with their rule counts. */
  readonly ignoreFiles: { readonly path: string; readonly selectors: number }[]
  /** What an index run would warn about: ignore rules not applied, files with replaced bytes or a legacy encoding. */
  readonly warnings: IngestWarning[]
  /** Admitted files per directory (their own directory, not counting subdirectories), largest first. */
  readonly byDirectory: PlanCount[]
  /** Admitted files per detected format, largest first. */
  readonly byFormat: PlanCount[]
  /** Admitted files, their raw bytes and decoded size, and the walk entries counted against `maxEntries`. */
  readonly totals: { readonly files: number; readonly bytes: number; readonly chars: number; readonly entries: number }
  /** Problems that would reject an index run (`ConfigError`, `LimitExceededError`, I/O); empty when it would go through. */
  readonly errors: RagError[]
}

const READ_CONCURRENCY = 8

function tally(map: Map<string, { files: number; bytes: number }>, key: string, bytes: number): void {
  const entry = map.get(key) ?? { files: 0, bytes: 0 }
  entry.files++
  entry.bytes += bytes
  map.set(key, entry)
}

function sorted(map: Map<string, { files: number; bytes: number }>): PlanCount[] {
  return [...map].map(([key, v]) => ({ key, ...v })).sort((a, b) => b.files - a.files || b.bytes - a.bytes || (a.key < b.key ? -1 : 1))
}

/**
 * Runs the walk in collect mode and reads every admitted file (the same decode and format rules
 * as an index run), without chunking or writing anything.
 */
export async function planSource(
  root: string,
  source: CompiledSource,
  limits: Limits,
  ignore: IgnoreCompileOptions,
  signal?: AbortSignal,
): Promise<IngestionPlan> {
  const walked = await walk({ root, limits, ...source, ignore, onError: 'collect', ...(signal ? { signal } : {}) })
  const warnings: IngestWarning[] = walkWarnings(walked)
  const files: PlannedFile[] = []
  const skipped = [...walked.skipped]
  const errors = [...walked.errors]
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < walked.files.length) {
      const { path, reincludedBy, trackedDespite } = walked.files[next++]!
      const outcome = await readRegularFile(join(root, path), limits.maxFileBytes)
      if (!outcome.ok) {
        if (outcome.kind === 'vanished') skipped.push({ path, type: 'file', reason: { kind: 'vanished' } })
        else if (outcome.kind === 'too-large') skipped.push({ path, type: 'file', reason: { kind: 'too-large', max: limits.maxFileBytes, actual: outcome.size } })
        else skipped.push({ path, type: 'other', reason: { kind: 'not-regular' } })
        continue
      }
      const decoded = decodeText(outcome.bytes)
      if (!decoded.ok) {
        skipped.push({ path, type: 'file', reason: { kind: 'binary', detail: decoded.detail } })
        continue
      }
      if (decoded.replaced > 0) {
        warnings.push({ code: 'INVALID_UTF8', path, message: `${decoded.replaced} invalid UTF-8 sequence(s) in ${path} would be replaced by U+FFFD.` })
      } else if (decoded.encoding === 'windows-1252') {
        warnings.push({ code: 'LEGACY_ENCODING', path, message: `${path} is not UTF-8 and would be decoded as windows-1252.` })
      }
      const detected = detectFormat(path, decoded.text, source.format)
      files.push({
        path,
        bytes: outcome.bytes.length,
        chars: decoded.text.length,
        format: detected.format,
        ...(detected.language ? { language: detected.language } : {}),
        encoding: decoded.encoding,
        ...(reincludedBy ? { reincludedBy } : {}),
        ...(trackedDespite ? { trackedDespite } : {}),
      })
    }
  }
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, lane))

  files.sort((a, b) => (a.path < b.path ? -1 : 1))
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const byDirectory = new Map<string, { files: number; bytes: number }>()
  const byFormat = new Map<string, { files: number; bytes: number }>()
  let bytes = 0
  let chars = 0
  for (const file of files) {
    const slash = file.path.lastIndexOf('/')
    tally(byDirectory, slash < 0 ? '.' : file.path.slice(0, slash), file.bytes)
    tally(byFormat, file.format, file.bytes)
    bytes += file.bytes
    chars += file.chars
  }
  if (chars > limits.maxDecodedBytes) {
    errors.push(limitError('maxDecodedBytes', limits.maxDecodedBytes, chars, `The decoded text of ${root} is larger than allowed`))
  }
  return {
    root,
    files,
    skipped,
    ignoreFiles: walked.ignoreFiles,
    warnings: warnings.sort((a, b) => ((a.path ?? '') < (b.path ?? '') ? -1 : (a.path ?? '') > (b.path ?? '') ? 1 : (a.line ?? 0) - (b.line ?? 0))),
    byDirectory: sorted(byDirectory),
    byFormat: sorted(byFormat),
    totals: { files: files.length, bytes, chars, entries: walked.entries },
    errors,
  }
}
