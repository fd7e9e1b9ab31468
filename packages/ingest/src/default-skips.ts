/**
 * Directory names skipped by default (SPEC §4, seed 000), matched case-insensitively against a
 * directory's own name. `.rag` is ours: the CLI keeps its index in `<root>/.rag/`, which must
 * never be indexed.
 */
export const DEFAULT_SKIP_DIRECTORIES: readonly string[] = Object.freeze([
  '.aws', '.git', '.gnupg', '.gradle', '.hg', '.idea', '.kube', '.next', '.ssh', '.svn', '.vscode',
  '__pycache__', 'build', 'coverage', 'dist', 'node_modules', 'out', 'target', 'vendor', '.rag',
])

/**
 * The subset of {@link DEFAULT_SKIP_DIRECTORIES} that also matches as any path component: an entry
 * of any type with one of these names is skipped (a `.git` gitlink file, a file named `vendor`).
 */
export const DEFAULT_SKIP_ANY_COMPONENT: readonly string[] = Object.freeze([
  '.aws', '.git', '.gnupg', '.hg', '.kube', '.ssh', '.svn', 'node_modules', 'vendor',
])

/**
 * File names skipped anywhere (secrets), matched case-insensitively; `.env.*` is a prefix rule
 * (`.env.local`, `.env.example`).
 */
export const DEFAULT_SKIP_FILES: readonly string[] = Object.freeze([
  '.env', '.env.*', '.git-credentials', '.netrc', '.npmrc', '.pypirc', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_rsa',
])

/** Why a name-based skip matched: the default lists or the caller's extra names. */
export interface NameSkip {
  /** `default` for SPEC §4's lists, `extra` for `extraSkipNames`. */
  readonly source: 'default' | 'extra'
  /** The list entry that matched, e.g. `node_modules` or `.env.*`. */
  readonly name: string
}

/** Options of {@link createNameSkipper}. */
export interface NameSkipOptions {
  /**
   * Apply SPEC §4's default directory and file skips.
   * @default true
   */
  readonly defaultSkips?: boolean
  /**
   * More names to skip, case-insensitively, for entries of any type. A trailing `*` makes a
   * prefix rule (`tmp*`).
   * @default []
   */
  readonly extraSkipNames?: readonly string[]
}

/** Decides name-based skips for one walk entry. */
export type NameSkipper = (name: string, isDirectory: boolean) => NameSkip | undefined

interface NameRule {
  readonly name: string
  readonly test: (lower: string) => boolean
}

function rule(name: string): NameRule {
  const lower = name.toLowerCase()
  if (lower.endsWith('*')) {
    const prefix = lower.slice(0, -1)
    return { name, test: (n) => n.startsWith(prefix) }
  }
  return { name, test: (n) => n === lower }
}

/**
 * Builds the name-based skip test: default directory names (directories only), the any-component
 * subset and default file names (entries of any type; a directory named `.env` is as suspicious
 * as a file), and the caller's extra names.
 *
 * @example
 * const skip = createNameSkipper({ extraSkipNames: ['fixtures'] })
 * skip('node_modules', true) // { source: 'default', name: 'node_modules' }
 */
export function createNameSkipper(options: NameSkipOptions = {}): NameSkipper {
  const { defaultSkips = true, extraSkipNames = [] } = options
  const dirOnly = defaultSkips ? DEFAULT_SKIP_DIRECTORIES.filter((n) => !DEFAULT_SKIP_ANY_COMPONENT.includes(n)).map(rule) : []
  const anyType = defaultSkips ? [...DEFAULT_SKIP_ANY_COMPONENT, ...DEFAULT_SKIP_FILES].map(rule) : []
  const extra = extraSkipNames.map(rule)
  return (name, isDirectory) => {
    const lower = name.toLowerCase()
    for (const r of anyType) if (r.test(lower)) return { source: 'default', name: r.name }
    if (isDirectory) for (const r of dirOnly) if (r.test(lower)) return { source: 'default', name: r.name }
    for (const r of extra) if (r.test(lower)) return { source: 'extra', name: r.name }
    return undefined
  }
}
