/** Directory names that hold tests in every ecosystem the chunker knows. */
const TEST_DIRS = new Set(['test', 'tests', '__tests__', '__test__', 'spec', 'specs', 'e2e', 'testdata'])

/** File names of tests: `a.test.ts`, `a.spec.js`, `a_test.go`, `test_a.py`, `a_test.py`, `a_spec.rb`, `ATest.java`, `conftest.py`. */
const TEST_FILE =
  /(?:\.(?:test|spec|e2e-spec)\.[cm]?[jt]sx?$|_test\.(?:go|py|rs|exs?|cc|cpp|c|dart)$|^test_[^/]*\.py$|^conftest\.py$|_spec\.rb$|_test\.rb$|(?:Tests?|IT|Spec)\.(?:java|kt|cs|scala|php|swift)$)/

/**
 * Whether a path is a test file by convention: a test directory anywhere in the path (`test/`,
 * `tests/`, `__tests__/`, `spec/`, `e2e/`, Maven's `src/test/`) or a test file name.
 *
 * @example
 * isTestPath('packages/ingest/src/walk.test.ts') // true
 * isTestPath('src/testing/fixtures.ts')           // false
 */
export function isTestPath(path: string): boolean {
  const parts = path.split('/')
  const name = parts.pop() ?? ''
  if (TEST_FILE.test(name)) return true
  return parts.some((part) => TEST_DIRS.has(part.toLowerCase()))
}

/** Modules whose import marks a file as a test, per language family. */
export const TEST_IMPORTS: readonly RegExp[] = [
  /^(?:vitest|jest|@jest\/globals|mocha|chai|ava|tap|uvu|node:test|@playwright\/test|supertest|@testing-library\/.*)$/,
  /^(?:pytest|unittest|nose2?|hypothesis)(?:\.|$)/,
  /^testing$|^github\.com\/stretchr\/testify/,
  /^(?:org\.junit|org\.testng|org\.mockito)\./,
  /^(?:kotlin\.test|io\.kotest|io\.mockk)(?:\.|$)/,
  /^(?:Xunit|NUnit\.Framework|Microsoft\.VisualStudio\.TestTools)/,
  /^(?:rspec|minitest|test\/unit)$/,
  /^PHPUnit\\/,
  /^(?:XCTest|Testing|Quick|Nimble)$/,
  /^package:(?:test|flutter_test|mockito|mocktail|integration_test)\//,
]

const ANY_TEST_IMPORT = new RegExp(TEST_IMPORTS.map((pattern) => `(?:${pattern.source})`).join('|'))

/** Whether an import specifier is a test framework. */
export function isTestImport(specifier: string): boolean {
  return ANY_TEST_IMPORT.test(specifier)
}
