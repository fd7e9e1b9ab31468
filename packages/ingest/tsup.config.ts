import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'

// Two entries: the public API, and the worker thread entry it starts (resolved next to index.js).
export default defineConfig(packageBuildConfig({ entry: ['src/index.ts', 'src/chunk-worker.ts'] }))
