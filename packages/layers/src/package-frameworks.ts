import { dependentFrameworkChoices, type EntrypointRecord, type FileLayers } from '@rag/core'
import { nearestManifest } from './nearest-manifest.js'


/** What the project file nearest `path` says it depends on: a Go file's `go.mod` requirements, any other's `package.json` dependencies. */
function dependenciesOf(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): readonly string[] {
  if (entry.language === 'go') return nearestManifest(path, 'go.mod', 'go-mod', file)?.requires ?? []
  return nearestManifest(path, 'package.json', 'package-json', file)?.dependencies ?? []
}

/** Whether a dependency is a choice's: the package itself or one below it, or any of a scope (`@remix-run/`). */
function isChoice(name: string, dependency: string): boolean {
  return dependency.endsWith('/') ? name.startsWith(dependency) : name === dependency || name.startsWith(`${dependency}/`)
}

/**
 * A route whose file names no framework (`dependentFramework` of `@rag/core`: Next.js's
 * `pages/about.tsx` exporting only a component; a Go file's `r.GET(...)` on a router another
 * package made) named by the nearest `package.json`, or a Go file's `go.mod`: the first choice it
 * depends on; `undefined` (no route) when it depends on none, or the index has no such file for
 * it. Any other entrypoint as it is.
 */
export function withPackageFramework(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  const choices = dependentFrameworkChoices(entry.framework)
  if (choices === undefined) return entry
  const dependencies = dependenciesOf(entry, path, file)
  const framework = choices.find(([dependency]) => dependencies.some((name) => isChoice(name, dependency)))?.[1]
  return framework === undefined ? undefined : { ...entry, framework }
}
