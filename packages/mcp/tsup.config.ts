import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'

// Two builds: the public API, and the `rag-mcp` binary (stdio) with its shebang. The first
// cleans dist/ except the binary, which the second writes.
export default defineConfig([
  packageBuildConfig({ entry: ['src/index.ts'], clean: ['!bin.js', '!bin.js.map'] }),
  packageBuildConfig({ entry: ['src/bin.ts'], dts: false, clean: false, banner: { js: '#!/usr/bin/env node' } }),
])
