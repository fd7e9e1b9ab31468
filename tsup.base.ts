import type { Options } from 'tsup'

/**
 * The one tsup configuration every publishable package builds with: ESM only, bundled `.d.ts`,
 * Node 20 target, no minification (stack traces stay readable for users).
 */
export function packageBuildConfig(overrides: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: false,
    treeshake: true,
    ...overrides,
  }
}
