import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'

// One build of both entries, the public API (index.js) and the `rag` binary (cli.js, whose
// shebang esbuild keeps from src/cli.ts), split into shared chunks: each command's module is its
// own chunk, imported when the command runs, so `rag --version` loads commander alone and
// `rag search` never loads the servers, the chat client or the indexer.
export default defineConfig(packageBuildConfig({ entry: ['src/index.ts', 'src/cli.ts'], splitting: true, dts: { entry: ['src/index.ts'] } }))
