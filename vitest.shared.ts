import { defineConfig } from 'vitest/config'

/** Shared vitest settings: node environment, tests beside the code, no watch in CI. */
export const sharedVitestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
})
