import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'

export default defineConfig(packageBuildConfig({ entry: ['src/index.ts', 'src/static-training-worker.ts'] }))
