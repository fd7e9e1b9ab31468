import { dependentFrameworkChoices, type EntrypointRecord, type FileLayers } from '@rag/core'
import { nearestManifest } from './nearest-manifest.js'


/**
 * A file-system route whose file names no framework (`dependentFramework` of `@rag/core`: Next.js's
 * `pages/about.tsx` exporting only a component) named by the nearest `package.json`: the first
 * choice whose package it depends on; `undefined` (no route) when it depends on none, or the index
 * has no `package.json` for it. Any other entrypoint as it is.
 */
export function withPackageFramework(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  const choices = dependentFrameworkChoices(entry.framework)
  if (choices === undefined) return entry
  const dependencies = nearestManifest(path, 'package.json', 'package-json', file)?.dependencies ?? []
  const framework = choices.find(([dependency]) => dependencies.some((name) => (dependency.endsWith('/') ? name.startsWith(dependency) : name === dependency)))?.[1]
  return framework === undefined ? undefined : { ...entry, framework }
}
