import { dependentFrameworkChoices, type EntrypointRecord, type FileLayers } from '@rag/core'

/** Directories above a file searched for its `package.json`. */
const MAX_PACKAGE_DEPTH = 12

/** The dependencies of the nearest `package.json` at or above a file's directory, if the index holds one. */
function dependenciesOf(path: string, file: (path: string) => FileLayers | undefined): readonly string[] | undefined {
  let dir = path.slice(0, Math.max(0, path.lastIndexOf('/')))
  for (let depth = 0; depth < MAX_PACKAGE_DEPTH; depth++) {
    const manifest = file(dir === '' ? 'package.json' : `${dir}/package.json`)?.manifest
    if (manifest?.kind === 'package-json') return manifest.dependencies ?? []
    if (dir === '') return undefined
    dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/')))
  }
  return undefined
}

/**
 * A file-system route whose file names no framework (`dependentFramework` of `@rag/core`: Next.js's
 * `pages/about.tsx` exporting only a component) named by the nearest `package.json`: the first
 * choice whose package it depends on; `undefined` (no route) when it depends on none, or the index
 * has no `package.json` for it. Any other entrypoint as it is.
 */
export function withPackageFramework(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  const choices = dependentFrameworkChoices(entry.framework)
  if (choices === undefined) return entry
  const dependencies = dependenciesOf(path, file) ?? []
  const framework = choices.find(([dependency]) => dependencies.some((name) => (dependency.endsWith('/') ? name.startsWith(dependency) : name === dependency)))?.[1]
  return framework === undefined ? undefined : { ...entry, framework }
}
