import type { FileLayers, ProjectManifest } from '@rag/core'

/** Directories above a file searched for its project file. */
const MAX_DEPTH = 12

/**
 * The nearest project file named `name` (`Cargo.toml`, `go.mod`, `package.json`) at or above a
 * file's directory whose manifest is of `kind` and passes `accept`, with its folder (`''` for the
 * root), if the index holds one.
 */
export function nearestManifestAt<K extends ProjectManifest['kind']>(
  path: string,
  name: string,
  kind: K,
  file: (path: string) => FileLayers | undefined,
  accept: (manifest: Extract<ProjectManifest, { kind: K }>) => boolean = () => true,
): { readonly manifest: Extract<ProjectManifest, { kind: K }>; readonly dir: string } | undefined {
  let dir = path.slice(0, Math.max(0, path.lastIndexOf('/')))
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const manifest = file(dir === '' ? name : `${dir}/${name}`)?.manifest
    if (manifest?.kind === kind && accept(manifest as Extract<ProjectManifest, { kind: K }>)) return { manifest: manifest as Extract<ProjectManifest, { kind: K }>, dir }
    if (dir === '') return undefined
    dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/')))
  }
  return undefined
}

/** The manifest of {@link nearestManifestAt}'s project file. */
export function nearestManifest<K extends ProjectManifest['kind']>(
  path: string,
  name: string,
  kind: K,
  file: (path: string) => FileLayers | undefined,
  accept: (manifest: Extract<ProjectManifest, { kind: K }>) => boolean = () => true,
): Extract<ProjectManifest, { kind: K }> | undefined {
  return nearestManifestAt(path, name, kind, file, accept)?.manifest
}
