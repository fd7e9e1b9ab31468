import { realpathSync } from 'node:fs'
import { realpath } from 'node:fs/promises'
import { isAbsolute, resolve, sep } from 'node:path'
import { ConfigError, describeValue, PathNotAllowedError, RagError } from '@rag/core'

export { PathNotAllowedError }

/** Resolves client paths to real directories inside a fixed set of roots. */
export interface PathConfinement {
  /** The roots, absolute and symlink-free, in the order given. */
  readonly roots: readonly string[]
  /**
   * The real path of `path` when it is one of the roots or lies under one. A relative path is
   * taken from the first root.
   *
   * @throws PathNotAllowedError for `..` segments, percent-encoded dots or separators, NUL, an
   *   absolute path outside the roots, or a path whose real location (after symbolic links) is
   *   outside them; RagError `NOT_FOUND` for a path inside the roots that does not exist.
   */
  resolve(path: string): Promise<string>
}

// `%2e` (.), `%2f` (/), `%5c` (\) and `%00`: a client that percent-encodes these is trying to
// slip a traversal past a decoder somewhere; the path is refused rather than decoded.
const ENCODED = /%(?:2e|2f|5c|00)/i

function within(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)
}

// Show a refused path without echoing a huge or multi-line value back.
function shown(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}...` : path)
}

/**
 * Builds the confinement of `roots`: each must be an existing directory; they are resolved to
 * real paths once, here. Everything that reads files for a client (the HTTP server, the MCP
 * server) resolves the client's path through it first.
 *
 * The check is lexical first (nothing outside the roots is touched by the file system), then
 * real: `fs.realpath` resolves every symbolic link and the result must still be inside a real root.
 *
 * @throws ConfigError when `roots` is empty or a root does not exist.
 *
 * @example
 * const confine = createPathConfinement(['/srv/repos'])
 * const dir = await confine.resolve('my-repo')   // '/srv/repos/my-repo'
 * await confine.resolve('../etc')                // PathNotAllowedError
 */
export function createPathConfinement(roots: readonly string[]): PathConfinement {
  if (!Array.isArray(roots) || roots.length === 0) {
    throw new ConfigError(`roots must list at least one directory; received ${describeValue(roots)}.`)
  }
  const given = roots.map((root) => resolve(root))
  const real = given.map((root, i) => {
    try {
      return realpathSync(root)
    } catch (error) {
      throw new ConfigError(`Root ${roots[i]} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'}); expected an existing directory.`, { cause: error })
    }
  })
  const refuse = (path: string, why: string): never => {
    throw new PathNotAllowedError(path, `Path ${shown(path)} is not allowed: ${why}.`)
  }

  return {
    roots: real,
    async resolve(path: string): Promise<string> {
      if (typeof path !== 'string' || path.length === 0) {
        throw new RagError('INVALID_ARGUMENT', `path must be a non-empty string; received ${describeValue(path)}.`)
      }
      if (path.includes('\0')) refuse(path, 'it contains a NUL character')
      if (ENCODED.test(path)) refuse(path, 'it contains a percent-encoded dot, separator or NUL')
      if (path.split(/[\\/]+/).includes('..')) refuse(path, 'it contains a ".." segment')
      const absolute = isAbsolute(path) ? resolve(path) : resolve(real[0] as string, path)
      // Lexical check before any file-system call: a path outside every root is never stat'ed.
      if (!given.some((root) => within(root, absolute)) && !real.some((root) => within(root, absolute))) {
        refuse(path, 'it is outside the configured roots')
      }
      let resolved: string
      try {
        resolved = await realpath(absolute)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'ENOTDIR') throw new RagError('NOT_FOUND', `Path ${shown(path)} does not exist under the configured roots.`)
        throw new RagError('IO', `Path ${shown(path)} cannot be resolved (${code ?? 'error'}).`, { cause: error })
      }
      if (!real.some((root) => within(root, resolved))) refuse(path, 'a symbolic link leads outside the configured roots')
      return resolved
    },
  }
}
