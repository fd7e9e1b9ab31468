/** One file of an evaluation corpus: docstrings already removed, line numbers unchanged. */
export interface CorpusFile {
  /** Path relative to the corpus root, with `/` separators. */
  readonly path: string
  /** The text that gets chunked and indexed. */
  readonly content: string
}

/** A documented function or method: the target of one query. */
export interface FunctionTarget {
  /** The file that holds it, as in {@link CorpusFile.path}. */
  readonly file: string
  /** Its own name, e.g. `fill`. */
  readonly name: string
  /** Qualified by its classes and enclosing functions, e.g. `TextWrapper.fill`. */
  readonly qname: string
  /** First line of the definition (its first decorator or overload), 1-based. */
  readonly startLine: number
  /** Last line of the definition, 1-based, inclusive. */
  readonly endLine: number
  /** The documentation that was removed from the indexed text (cleaned, may hold several paragraphs). */
  readonly docstring: string
}

/**
 * A code base prepared the CodeSearchNet way: the files with their documentation stripped, and
 * the functions whose documentation becomes the queries.
 */
export interface EvalCorpus {
  /** Short name used in tables, e.g. `python-stdlib`. */
  readonly name: string
  /** Tree-sitter language of every file, e.g. `python`, `typescript`. */
  readonly language: string
  /** One line for the report: what it is, which version. */
  readonly description: string
  readonly files: readonly CorpusFile[]
  readonly functions: readonly FunctionTarget[]
}
