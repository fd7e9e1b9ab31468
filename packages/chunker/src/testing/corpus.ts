import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, relative } from 'node:path'

/** The fixture folder: one file per language. */
export const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url))

/** The repository root (`packages/chunker/test` is three levels below it). */
export const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url))

/** Fixture file names, sorted. */
export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => statSync(join(FIXTURES, name)).isFile())
    .sort()
}

/** A fixture's text. */
export function readFixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8')
}

function walk(dir: string, accept: (path: string) => boolean, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, accept, out)
    else if (entry.isFile() && accept(path)) out.push(path)
  }
}

/** A real file: its path relative to the repository and its text. */
export interface CorpusFile {
  readonly path: string
  readonly content: string
}

/**
 * The repository's own sources (`packages/<name>/src/**` and the bench sources), the fixtures and
 * every markdown file of the packages, read once.
 */
export function repositoryCorpus(): CorpusFile[] {
  const paths: string[] = []
  for (const pkg of readdirSync(join(REPOSITORY, 'packages'))) {
    const src = join(REPOSITORY, 'packages', pkg, 'src')
    try {
      walk(src, (path) => /\.(?:ts|tsx|js|mjs)$/.test(path), paths)
    } catch {
      // a package without sources yet
    }
    walk(join(REPOSITORY, 'packages', pkg), (path) => path.endsWith('.md') && !path.includes('/src/'), paths)
  }
  for (const name of fixtureNames()) paths.push(join(FIXTURES, name))
  return paths.sort().map((path) => ({ path: relative(REPOSITORY, path), content: readFileSync(path, 'utf8') }))
}
