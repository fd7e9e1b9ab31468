import { mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from '../../vitest.shared.ts'

export default mergeConfig(sharedVitestConfig, { test: { globalSetup: ['test/global-setup.ts'] } })
