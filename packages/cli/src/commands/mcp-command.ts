import packageJson from '../../package.json'
import { FollowingIndex } from '../index/following-index.js'
import { openIndex } from '../index/open-index.js'
import { checkDirectory, rootForConfig } from '../index/resolve-root.js'
import { UsageError } from '../errors.js'
import { configFor, type CommandContext } from './context.js'

/**
 * `rag mcp`: an MCP server over stdin/stdout (`@rag/mcp`) on the project's persistent index
 * (`<root>/.rag/index.db`, created if missing). Its root: `--root` (at most one: a server keeps one
 * project's index), else the project root (the nearest directory with `.rag/` at or above the
 * current one, else the current directory).
 * `index_directory` of the project root or a directory inside it brings the whole project's index
 * up to date; a directory outside it is refused (it would replace the project's index).
 * Runs until the client closes stdin or SIGINT/SIGTERM. Nothing but the protocol goes to stdout.
 */
export async function mcpCommand(context: CommandContext, roots: readonly string[]): Promise<number> {
  const { output, signal } = context
  // One server keeps one project's index: a second root could be allowed but never indexed nor
  // searched, so it is refused rather than advertised to the agent.
  if (roots.length > 1) {
    throw new UsageError(`rag mcp serves one project's index; --root was given ${roots.length} times (${roots.join(', ')}). Start one server per repository, each with its own --root.`)
  }
  const location = rootForConfig(roots[0], context.cwd)
  const allowed = roots.length > 0 ? roots.map((root) => checkDirectory(root, context.cwd)) : [checkDirectory(location.root, context.cwd)]
  // `index_directory` keeps the layers and embedder another process gave the index meanwhile.
  const index = await FollowingIndex.open(() => openIndex(location, configFor(context, location), { mode: 'create', warn: output.note, env: context.env, writer: 'rag mcp' }))
  try {
    // The MCP SDK (and its zod schemas) loads only for `rag mcp`, so other commands start faster.
    const { runStdioServer } = await import('@rag/mcp')
    // One persistent index of the project root: index_directory of a subdirectory updates the
    // whole project instead of replacing its index, and another directory is refused.
    const { server } = await runStdioServer({ roots: allowed, rag: index.rag, version: packageJson.version, projectRoot: location.root })
    await new Promise<void>((resolve) => {
      server.server.onclose = () => resolve()
      process.stdin.once('end', () => resolve())
      if (signal.aborted) resolve()
      else signal.addEventListener('abort', () => resolve(), { once: true })
    })
    await server.close()
    return 0
  } finally {
    await index.close()
  }
}
