/** A place where a symbol is defined (a C1 record of the layered index, or a chunk's symbol metadata). */
export interface DefinitionSite {
  /** Repo-relative path with `/` separators. */
  readonly file: string
  /** `function`, `class`, `method`, ... when known. */
  readonly kind?: string
  /** Visible outside its module (C1's `exported`), when known. */
  readonly exported?: boolean
  /** Defined in test code, when known. */
  readonly isTest?: boolean
}

/** C1: where a name is defined. */
export interface DefinitionLookup {
  /** Definitions of `name` (an identifier as written, e.g. `parseArgs`, `HTTPError`); case-insensitive, `_` and `-` ignored. */
  definitions(name: string): readonly DefinitionSite[]
}

/** Every indexed file by the stem of its name (`form_mapping` for `binding/form_mapping.go`). */
export interface PathLookup {
  /** Files whose name without extensions is `stem`; case-insensitive, `_` and `-` ignored. */
  filesNamed(stem: string): readonly string[]
  /** Files below a folder called `folder` (any depth); same normalisation. */
  filesInFolder(folder: string): readonly string[]
  /** Files whose name has a word of this stem (`nameWords`), with how many words the name has; absent: not asked. */
  filesWithNameWord?(stem: string): readonly { readonly file: string; readonly words: number }[]
  /** Whether the chunker found the file minified (a bundle named `chat.js`): `generated`, whatever its name; absent: by name only. */
  isMinified?(file: string): boolean
}

/** C2: the resolved dependency edges (imports, calls, heritage) between files. */
export interface NeighbourLookup {
  /** Files `file` depends on (its resolved imports, callees, base types). */
  imports(file: string): readonly string[]
  /** Files that depend on `file`. */
  importers(file: string): readonly string[]
}

/** An endpoint or command the query names, as C3 is asked about it. */
export interface EntrypointQuery {
  /** `endpoint` (an HTTP route) or `option`/`identifier` (a command). */
  readonly kind: string
  readonly text: string
  readonly method?: string
}

/** C3: the handlers of routes and commands. */
export interface EntrypointLookup {
  /** Files whose handler serves the route or command. */
  entrypoints(query: EntrypointQuery): readonly { readonly file: string }[]
}

/** A ranked list of files from another retriever (whole-file BM25, say), fused by reciprocal rank. */
export interface RankedFileList {
  readonly name: string
  /** Files, best first. */
  readonly files: readonly string[]
}

/**
 * What the ranking can use besides the chunk hits. Every member is optional: a signal without
 * its source contributes nothing. The layered index (C1-C3) provides `definitions`,
 * `neighbours` and `entrypoints`; until it does, `createChunkSignals` derives `definitions` and
 * `paths` from chunk metadata.
 */
export interface RankingSignals {
  readonly definitions?: DefinitionLookup
  readonly paths?: PathLookup
  readonly neighbours?: NeighbourLookup
  readonly entrypoints?: EntrypointLookup
  readonly fileLists?: readonly RankedFileList[]
}
