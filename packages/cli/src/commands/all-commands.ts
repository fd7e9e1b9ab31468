// Every command's implementation, in one module the program imports when a command runs (one
// chunk of the build: a command line then reads two or three files of this package, not one per
// shared module; the heavy dependencies of serve, mcp and migrate are imported inside them).
export { askCommand } from './ask-command.js'
export { clearCommand } from './clear-command.js'
export { configCommand } from './config-command.js'
export { docsAddCommand, docsListCommand, docsRemoveCommand } from './docs-command.js'
export { indexCommand } from './index-command.js'
export { depsCommand, routesCommand, symbolsCommand } from './layer-commands.js'
export { mcpCommand } from './mcp-command.js'
export { migrateCommand } from './migrate-command.js'
export { planCommand } from './plan-command.js'
export { promptCommand } from './prompt-command.js'
export { searchCommand } from './search-command.js'
export { serveCommand } from './serve-command.js'
export { statusCommand } from './status-command.js'
export { watchCommand } from './watch-command.js'
