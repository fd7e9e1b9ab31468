import { CLAP_PACKAGE_WORD, dependentFrameworkChoices, type EntrypointRecord, type FileLayers } from '@rag/core'
import { withClapPackageName } from './clap-package-names.js'
import { withPackageFramework } from './package-frameworks.js'

/** Whether the project's other files decide what an entrypoint is (see `FileLayers.projectNamedEntrypoints`). */
function isProjectNamed(entry: EntrypointRecord): boolean {
  return dependentFrameworkChoices(entry.framework) !== undefined || (entry.framework === 'clap' && (entry.declaredRoute ?? entry.route).includes(CLAP_PACKAGE_WORD))
}

/**
 * What the project's files say an entrypoint is: a clap command line of the package's name
 * (`{CARGO_PKG_NAME} init`, from its `Cargo.toml`), a route of a file that names no framework (the
 * framework its `package.json` or `go.mod` depends on, `package-frameworks.ts`); `undefined` when
 * it is no entrypoint after all.
 */
export function projectNamed(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  const named = withClapPackageName(entry, path, file)
  return named === undefined ? undefined : withPackageFramework(named, path, file)
}

/** A file's entrypoints as it declares them, and those of them the project's files name. */
export interface DeclaredEntrypoints {
  /** In order of their first lines (a file with none of the project's to name: in its own order). */
  readonly declared: readonly EntrypointRecord[]
  /** The project-named ones as declared; `undefined` when the file has none. */
  readonly projectNamed: readonly EntrypointRecord[] | undefined
}

/**
 * A file's entrypoints as it declares them: its records, where a graph has named some from the
 * project's files before, with those records' declarations back in their place (and those
 * named no entrypoint back at all), so a manifest edit names them again from what the file says,
 * as a fresh index would. Ordered by first line whenever the project names any, the same order
 * however often they are named.
 */
export function declaredEntrypoints(file: FileLayers): DeclaredEntrypoints {
  const kept = file.projectNamedEntrypoints
  if (kept === undefined || kept.length === 0) {
    if (!file.entrypoints.some(isProjectNamed)) return { declared: file.entrypoints, projectNamed: undefined }
    return { declared: byFirstLine(file.entrypoints), projectNamed: file.entrypoints.filter(isProjectNamed) }
  }
  const named = new Set(kept.map((entry) => entry.id))
  // (Copies of a named record for other mounts or methods stay: a graph rebuilds them from the record.)
  const others = file.entrypoints.filter((entry) => !named.has(entry.id))
  return { declared: byFirstLine([...others, ...kept]), projectNamed: kept }
}

/** Stable order by first line. */
function byFirstLine(entries: readonly EntrypointRecord[]): EntrypointRecord[] {
  return entries.map((entry, at) => ({ entry, at })).sort((a, b) => a.entry.startLine - b.entry.startLine || a.at - b.at).map(({ entry }) => entry)
}
