import { defineConfig, mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from '../../vitest.shared.ts'

export default mergeConfig(sharedVitestConfig, defineConfig({ test: { globalSetup: ['./test/global-setup.ts'] } }))
