import { describe, expect, it } from 'vitest'
import { isTestImport, isTestPath } from './is-test.js'

describe('isTestPath and isTestImport', () => {
  it('knows test files and directories of every ecosystem', () => {
    for (const path of ['src/a.test.ts', 'lib/a.spec.js', 'pkg/a_test.go', 'tests/test_a.py', 'a_test.py', 'conftest.py', 'spec/a_spec.rb', 'src/test/java/ATest.java', '__tests__/a.tsx', 'e2e/flow.ts']) {
      expect(isTestPath(path), path).toBe(true)
    }
    for (const path of ['src/testing/helpers.ts', 'src/latest.ts', 'contest.py', 'src/main/java/Tester.java']) expect(isTestPath(path), path).toBe(false)
  })

  it('knows test frameworks by their imports', () => {
    for (const module of ['vitest', '@jest/globals', 'pytest', 'unittest.mock', 'testing', 'org.junit.jupiter.api.Test', 'kotlin.test.Test', 'io.kotest.core.spec.style.StringSpec', 'io.mockk.every']) expect(isTestImport(module), module).toBe(true)
    for (const module of ['express', 'test-utils', 'os']) expect(isTestImport(module), module).toBe(false)
  })
})
