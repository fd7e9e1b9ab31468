import type { Chunk } from './document.js'
import type { Chunker, SourceFile } from './chunker.js'
import type { EntrypointRecord, RawEdge, SymbolRecord } from './layers.js'

/**
 * What a project file says about module resolution, read where the file is chunked so that
 * resolution never has to read files itself. Paths inside are as written in the file (relative to
 * the manifest's own directory).
 */
export type ProjectManifest =
  /** `package.json`: the package name and its entry points per subpath, best first. */
  | {
      readonly kind: 'package-json'
      readonly name: string
      /** Subpath (`.`, `./utils`, `./*`) to candidate targets, best first (`source`, `types`, `import`, `default`, ..., `main`). */
      readonly entries: Readonly<Record<string, readonly string[]>>
      /**
       * Import aliases the package's toolchain defines without a config file, to directories
       * relative to the manifest's: Vue CLI's `@` for `src`; Nuxt's `~` and `@` for its source
       * directory, `~~` and `@@` for the root.
       */
      readonly aliases?: Readonly<Record<string, string>>
      /** Subpath imports (`#utils/*`, `#db`) to candidate targets, best first: the package's private aliases (its `imports` field). */
      readonly imports?: Readonly<Record<string, readonly string[]>>
      /** The packages it depends on (`dependencies`, `devDependencies`, `peerDependencies`, `optionalDependencies`), when any. */
      readonly dependencies?: readonly string[]
    }
  /** `tsconfig.json` / `jsconfig.json` (and `tsconfig.*.json`): the options that steer resolution. */
  | {
      readonly kind: 'tsconfig'
      readonly baseUrl?: string
      readonly paths?: Readonly<Record<string, readonly string[]>>
      /** Configs it extends, as written. */
      readonly extends: readonly string[]
      /** The configs a solution-style config references (`references[].path`), as written. */
      readonly references?: readonly string[]
    }
  /** `go.mod`: the module path, and the modules it requires (when it requires any). */
  | { readonly kind: 'go-mod'; readonly module: string; readonly requires?: readonly string[] }
  /** `Cargo.toml`: the crate's name in code (its `[lib] name`, else its `[package] name`, `-` as `_`), a custom `[lib] path`, and workspace members. */
  | {
      readonly kind: 'cargo'
      readonly crate: string
      readonly lib?: string
      readonly members: readonly string[]
      /** The `path`s of its `[[bin]]` targets, when it names any (ripgrep's `crates/core/main.rs`). */
      readonly bins?: readonly string[]
      /** Its `[package] name` as written (`fd-find`): what clap names a command line that names none (`CARGO_PKG_NAME`). */
      readonly package?: string
    }
  /** `composer.json`: PSR-4 autoload prefixes (`App\\`) to directories. */
  | { readonly kind: 'composer'; readonly psr4: Readonly<Record<string, readonly string[]>> }
  /**
   * `vite.config.*` / `webpack.config.*`: the bundler's `resolve.alias` entries whose targets are
   * directories or files the config names (`'@': path.resolve(__dirname, 'src')` as `'@': 'src'`),
   * relative to the config's own directory.
   */
  | { readonly kind: 'bundler-aliases'; readonly aliases: Readonly<Record<string, string>> }
  /** `pubspec.yaml`: the Dart package's name, what `package:<name>/x.dart` imports of its `lib/x.dart` say. */
  | { readonly kind: 'pubspec'; readonly name: string }
  /**
   * `Package.swift`: the package's targets, each with its folder relative to the manifest's (its
   * `path:`, else `Sources/<name>`, `Tests/<name>` for a test target): what `import <name>` imports.
   */
  | { readonly kind: 'swiftpm'; readonly targets: readonly { readonly name: string; readonly path: string }[] }

/**
 * The layer records of one file as its chunker extracted them: symbols with file-local ids,
 * edges not yet resolved across files, entrypoints, and what a project file says about resolution.
 * Plain data (it crosses worker threads and is stored as is).
 */
export interface FileLayers {
  /** Path relative to the indexed root, `/` separators. */
  readonly path: string
  /** Language id (the chunks' `language`). */
  readonly language: string
  /** The file's module or package (see `SymbolRecord.module`), `''` when it has none. */
  readonly module: string
  /** A test file: by path conventions or test-framework imports and calls. */
  readonly isTest: boolean
  readonly symbols: readonly SymbolRecord[]
  readonly edges: readonly RawEdge[]
  readonly entrypoints: readonly EntrypointRecord[]
  /** Set for project files that steer resolution (`package.json`, `tsconfig.json`, `go.mod`, ...). */
  readonly manifest?: ProjectManifest
  /**
   * What a JavaScript or TypeScript module's default export is, as the file names it: the class or
   * function of `export default class Ajv {}`, or the name of `export default Ajv2019`; what
   * `import AjvCore from './core'` binds.
   */
  readonly defaultExport?: string
  /**
   * The strings a JavaScript or TypeScript module's top-level constant objects hold, by dotted
   * path: `export const paths = { app: { root: { path: '/app' } } }` gives `paths.app.root.path`
   * `/app`. Only values without whitespace (route paths, URL parts, names: what a route written
   * `path: paths.app.root.path` in another file reads), at most {@link MAX_STRING_CONSTANTS}.
   */
  readonly stringConstants?: Readonly<Record<string, string>>
  /**
   * The entrypoints whose meaning the project's other files decide, as this file declares them
   * (a route of a file that names no framework, `dependentFramework`; a clap command line of the
   * package's name, `CLAP_PACKAGE_WORD`), set by a layer graph once it has read them: it names them
   * from these again whenever those files change. `entrypoints` holds what they are now, under the
   * same ids, without those that are no entrypoint (a Next.js page of a package that does not
   * depend on `next`).
   */
  readonly projectNamedEntrypoints?: readonly EntrypointRecord[]
}

/** The most entries of {@link FileLayers.stringConstants} one file has: the first ones in the file are kept. */
export const MAX_STRING_CONSTANTS = 256

/** The chunks of one file and its layer records, from one parse. */
export interface ChunksWithLayers {
  readonly chunks: Chunk[]
  /**
   * Always present, so every indexed file can be an import target: empty record lists for a file
   * without extraction (prose, data, a language without a table, a file too large to parse).
   */
  readonly layers: FileLayers
}

/**
 * A chunker that can also extract the file's layer records from the same parse. Its `id` names
 * the layer extraction too, so fingerprints change (and files are re-extracted) when it changes;
 * `chunk(file)` returns exactly the chunks `chunkWithLayers(file)` does.
 */
export interface LayeredChunker extends Chunker {
  /** The chunks and layer records of one file. Never rejects for content: layers are best effort. */
  chunkWithLayers(file: SourceFile): Promise<ChunksWithLayers>
}

/** `true` when a chunker can extract layers (has a `chunkWithLayers` function). */
export function isLayeredChunker(chunker: Chunker): chunker is LayeredChunker {
  return typeof (chunker as Partial<LayeredChunker>).chunkWithLayers === 'function'
}
