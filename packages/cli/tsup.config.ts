import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'

// Two builds, run in parallel by tsup: the public API, and the `rag` binary with its shebang.
// The first cleans dist/ except the binary, which the second writes.
export default defineConfig([
  packageBuildConfig({ entry: ['src/index.ts'], clean: ['!cli.js', '!cli.js.map'] }),
  packageBuildConfig({ entry: ['src/cli.ts'], dts: false, clean: false, banner: { js: '#!/usr/bin/env node' } }),
])
