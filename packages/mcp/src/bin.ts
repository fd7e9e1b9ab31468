import { parseArgs } from 'node:util'
import { createRag } from '@rag/session'
import { runStdioServer } from './run-stdio-server.js'

// `rag-mcp [--root <dir>]... [--layers]`: the MCP server over stdio with an in-memory index ranked
// by the `recommended` preset of @rag/session (`createRag`); `--layers` also extracts the code
// layers that find_symbol, get_dependencies and list_entrypoints answer from. (`rag mcp` from
// @rag/cli serves the project's persistent index instead.)
const { values } = parseArgs({ options: { root: { type: 'string', multiple: true }, layers: { type: 'boolean' } }, allowPositionals: false })
runStdioServer({ roots: values.root ?? [process.cwd()], rag: createRag({ writer: 'rag-mcp', layers: values.layers === true }) }).catch((error: unknown) => {
  console.error(`rag-mcp: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
