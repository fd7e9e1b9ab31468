import { CLAP_PACKAGE_WORD, type EntrypointRecord, type FileLayers } from '@rag/core'
import { nearestManifest } from './nearest-manifest.js'

/** The `[package] name` of the nearest `Cargo.toml` at or above a file's directory that names a package, if the index holds one. */
function packageNameOf(path: string, file: (path: string) => FileLayers | undefined): string | undefined {
  return nearestManifest(path, 'Cargo.toml', 'cargo', file, (manifest) => manifest.package !== undefined)?.package
}

/**
 * A clap command whose command line starts with the package's word ({@link CLAP_PACKAGE_WORD}, a
 * `#[derive(Parser)]` naming no command) with the name clap gives it, the package's in the nearest
 * `Cargo.toml` (starship's `Cli` is `starship`, its subcommands `starship init`); without one in
 * the index, the command line without that word, and no record for the binary's own command.
 * Any other entrypoint as it is.
 */
export function withClapPackageName(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  const declared = entry.declaredRoute ?? entry.route
  if (entry.framework !== 'clap' || !declared.includes(CLAP_PACKAGE_WORD)) return entry
  const name = packageNameOf(path, file)
  const route = (name === undefined ? declared.replace(CLAP_PACKAGE_WORD, '') : declared.replace(CLAP_PACKAGE_WORD, name)).trim()
  if (route === '') return undefined
  return route === entry.route ? entry : { ...entry, route, title: `command ${route}`, declaredRoute: declared }
}
