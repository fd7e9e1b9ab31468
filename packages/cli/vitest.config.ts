import { availableParallelism } from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from '../../vitest.shared.ts'

// The end-to-end tests spend most of their time waiting on the `rag` processes they start, so
// two test files run at once even on a 2-core machine, where vitest's default is one. On this
// 2-core machine the suite took 248 s with one file at a time (in a fresh-clone CI run) and
// 152-172 s with two; it is the last task of `pnpm test`, so this is what CI waits for.
export default mergeConfig(sharedVitestConfig, defineConfig({ test: { maxWorkers: Math.max(2, availableParallelism() - 1) } }))
