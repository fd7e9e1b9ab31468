import type { FileLayers, RawEdge, SymbolRecord } from '@rag/core'
import { parameterTexts } from './parameter-types.js'
import { dirOf } from './paths.js'
import type { Resolved } from './resolved.js'
import { returnedType } from './returned-type.js'
import type { SymbolIndex } from './symbol-index.js'

/** What a fixture parameter holds (see {@link pytestFixture}). */
export interface ProvidedByFixture {
  /** A class as `home` names it, or a call the fixture makes, with `()` (`app.test_client()`). */
  readonly type: string
  /** The fixture's file. */
  readonly home: FileLayers
  readonly fixture: SymbolRecord
}

/** How {@link memberOfFixture} reads a member: of a class a file names, or of what a call made in a file returns (resolution's, passed in). */
export interface FixtureLookups {
  member(type: string, name: string, home: FileLayers): Resolved | undefined
  returned(callee: string, name: string, call: RawEdge, home: FileLayers): Resolved | undefined
}

/** What a yield fixture's annotation says it provides: `-> Iterator[Client]`, `-> t.Generator["Client", None, None]` (group 1). */
const YIELDED = /->\s*["']?(?:[a-z_]\w*\.)*(?:Iterator|Generator|AsyncIterator|AsyncGenerator|Iterable)\s*\[\s*["']?((?:[a-z_]\w*\.)*_*[A-Z]\w*)/

/** The names of a Python signature's parameters that have neither an annotation nor a default (`def test_x(self, runner, tmp_path)`). */
function bareParameters(signature: string): string[] {
  return parameterTexts(signature)
    .map((text) => text.trim())
    .filter((parameter) => /^[A-Za-z_]\w*$/.test(parameter))
}

/** Where pytest looks for a fixture a test in `path` requests: the test's own module, then `conftest.py` in its directory and each one above. */
function fixtureFiles(path: string): string[] {
  const files = [path]
  for (let dir = dirOf(path); ; dir = dirOf(dir)) {
    files.push(dir === '' ? 'conftest.py' : `${dir}/conftest.py`)
    if (dir === '') return files
  }
}

/** What a fixture provides: its return annotation, what its yield annotation says it yields, else what its `return`s or `yield`s give (`returns`). */
function provided(fixture: SymbolRecord): string | undefined {
  return returnedType(fixture.signature, 'python') ?? YIELDED.exec(fixture.signature)?.[1] ?? fixture.returns
}

/** Whether `path` is a `conftest.py`, where fixtures request other fixtures. */
const isConftest = (path: string): boolean => path === 'conftest.py' || path.endsWith('/conftest.py')

/**
 * The class a pytest fixture parameter holds, the file that names it and the fixture: `runner` of `def
 * test_x(runner)` (a test, or a fixture of a `conftest.py`) is what the fixture `runner` provides,
 * found as pytest finds it (the test's module first, then the nearest `conftest.py` above it). Only
 * a parameter without annotation or default; `undefined` when no fixture of the name is indexed
 * (pytest's own, `tmp_path`) or it says nothing of what it provides. The class may be a call the
 * fixture makes, written with `()` (`app.test_client()` of `return app.test_client()`), for the
 * caller to resolve in the fixture's file.
 *
 * @example
 * // conftest.py: `@pytest.fixture\ndef runner(request):\n    return CliRunner()`
 * pytestFixture('runner', 'tests/test_basic.py#test_echo', file, index) // { type: 'CliRunner', home: <conftest.py>, fixture: <runner> }
 */
export function pytestFixture(parameter: string, sourceSymbolId: string, file: FileLayers, index: SymbolIndex): ProvidedByFixture | undefined {
  if (file.language !== 'python') return undefined
  const requester = index.symbol(sourceSymbolId)
  if (requester === undefined || (requester.kind !== 'function' && requester.kind !== 'method')) return undefined
  if (!requester.isTest && !isConftest(file.path)) return undefined
  if (!bareParameters(requester.signature).includes(parameter)) return undefined
  for (const path of fixtureFiles(file.path)) {
    const fixture = index.topLevel(path, parameter)
    if (fixture?.kind !== 'function' || fixture.id === requester.id) continue
    const type = provided(fixture)
    const home = index.file(path)
    return type !== undefined && home !== undefined ? { type, home, fixture } : undefined
  }
  return undefined
}

// Fixtures whose value is being resolved: one that gives what another gives (`client(app)`) is read once per chain, and a cycle ends.
const fixturesResolving = new Set<string>()

/**
 * The member `name` of what a pytest fixture provides ({@link pytestFixture}): a member of its
 * class, read in the fixture's file; or, for a fixture giving what a method of another fixture
 * returns (Flask's `client(app)` with `return app.test_client()`), a member of what that call
 * returns, resolved in the fixture's file as if the fixture made it (`edge` is the call on the
 * parameter).
 *
 * @example
 * memberOfFixture(pytestFixture('client', testId, file, index)!, 'get', edge, lookups) // Flask's test client's `get`
 */
export function memberOfFixture({ type, home, fixture }: ProvidedByFixture, name: string, edge: RawEdge, lookups: FixtureLookups): Resolved | undefined {
  if (!type.endsWith('()')) return lookups.member(type, name, home)
  if (fixturesResolving.has(fixture.id)) return undefined
  fixturesResolving.add(fixture.id)
  try {
    return lookups.returned(type.slice(0, -2), name, { ...edge, path: home.path, sourceSymbolId: fixture.id, sourceQname: fixture.qname }, home)
  } finally {
    fixturesResolving.delete(fixture.id)
  }
}
