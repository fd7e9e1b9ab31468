import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createRagMcpServer, type RagMcpServer, type RagMcpServerOptions } from './create-rag-mcp-server.js'

/**
 * Creates the MCP server and serves it over this process's stdin/stdout until the client
 * disconnects. Resolves once connected; nothing else may write to stdout meanwhile.
 *
 * @example
 * await runStdioServer({ roots: [process.cwd()] })
 */
export async function runStdioServer(options: RagMcpServerOptions): Promise<RagMcpServer> {
  const created = createRagMcpServer(options)
  await created.server.connect(new StdioServerTransport())
  return created
}
