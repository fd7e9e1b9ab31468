import { defineConfig } from 'vitest/config'

/** Shared vitest settings: node environment, tests beside the code, no watch in CI. */
export const sharedVitestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default'] : ['default'],
    // Test files share their worker's modules instead of each importing the package graph again
    // in a fresh one. Our tests keep their state in temp directories, databases and processes they
    // make, none stubs globals or mocks modules, so they pass alike; CPU time per package fell by
    // 24-48 % (chunker 71 -> 37 s, ingest 49 -> 31 s, session 41 -> 21 s, layers 67 -> 41 s on
    // 2 cores), which is what a CI run on 2 cores waits for.
    isolate: false,
  },
})
