import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The standard library directory of the machine's `python3` (from `sysconfig`). */
export function pythonStdlibDir(): string {
  return execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim()
}

/** Packages and modules of the standard library that layer tests copy: real code with relative, absolute and lazy imports. */
export const STDLIB_SUBSET: readonly string[] = [
  'asyncio',
  'collections',
  'concurrent',
  'email',
  'html',
  'http',
  'importlib',
  'json',
  'logging',
  'unittest',
  'urllib',
  'wsgiref',
  'xml',
  'argparse.py',
  'ast.py',
  'dataclasses.py',
  'enum.py',
  'functools.py',
  'inspect.py',
  'pathlib.py',
  'subprocess.py',
  'typing.py',
]

function copyTree(from: string, to: string, relative: string, out: string[]): void {
  const source = join(from, relative)
  if (statSync(source).isDirectory()) {
    for (const name of readdirSync(source).sort()) {
      if (name === '__pycache__') continue
      copyTree(from, to, `${relative}/${name}`, out)
    }
    return
  }
  if (!relative.endsWith('.py')) return
  mkdirSync(dirname(join(to, relative)), { recursive: true })
  copyFileSync(source, join(to, relative))
  out.push(relative)
}

/**
 * Copies {@link STDLIB_SUBSET} of the machine's Python standard library into `dest` (packages
 * keep their layout, so `from . import x` and `import email.utils` resolve as in the original)
 * and returns the copied `.py` paths relative to `dest`, sorted.
 */
export function copyStdlibSubset(dest: string, subset: readonly string[] = STDLIB_SUBSET): string[] {
  const stdlib = pythonStdlibDir()
  const out: string[] = []
  for (const entry of subset) copyTree(stdlib, dest, entry, out)
  return out.sort()
}
