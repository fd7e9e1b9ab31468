import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { CorpusFile, EvalCorpus, FunctionTarget } from './eval-corpus.js'

/** Output of `extract-python.py`. */
interface Extracted {
  readonly root: string
  readonly python: string
  readonly files: CorpusFile[]
  readonly functions: FunctionTarget[]
}

const SCRIPT = fileURLToPath(new URL('./extract-python.py', import.meta.url))

/**
 * The Python standard library of the machine's `python3` as an evaluation corpus. Python's own
 * `ast` module (in `extract-python.py`) finds the functions and their docstrings and blanks every
 * docstring in the indexed copy, keeping line numbers. Tests, idlelib, lib2to3, turtledemo,
 * ensurepip, pydoc_data and site-packages are left out.
 *
 * @param maxFiles keep only the first files in path order (smoke runs).
 */
export function loadPythonCorpus(maxFiles?: number): EvalCorpus {
  const args = [SCRIPT, ...(maxFiles === undefined ? [] : ['--max-files', String(maxFiles)])]
  const out = execFileSync('python3', args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 })
  const extracted = JSON.parse(out) as Extracted
  return {
    name: 'python-stdlib',
    language: 'python',
    description: `Python ${extracted.python} standard library (${extracted.root}), docstrings blanked`,
    files: extracted.files,
    functions: extracted.functions,
  }
}
