import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('yargs commands of command directories', () => {
  it("gives the command modules a `commandDir` loads the words of the command whose builder loads them, through directories of directories (yargs's example/cmds)", async () => {
    const module = (command: string, builder = '{}') => [`export const command = '${command}'`, `export const builder = ${builder}`, 'export const handler = function (argv) {}', ''].join('\n')
    const graph = new LayerGraph(
      await layersOfText({
        'command_hierarchy.mjs': "import yargs from 'yargs'\n\nyargs(process.argv.slice(2)).commandDir('cmds').demandCommand().help().parse()\n",
        'cmds/init.mjs': module('init [dir]'),
        'cmds/remote.mjs': module('remote <command>', "function (yargs) {\n  return yargs.commandDir('remote_cmds')\n}"),
        'cmds/remote_cmds/add.mjs': module('add <name> <url>'),
        'cmds/remote_cmds/branch.mjs': module('branch <command>', "(yargs) => yargs.commandDir('branch_cmds', { recurse: true })"),
        'cmds/remote_cmds/branch_cmds/more/prune.mjs': module('prune'),
        // A program whose nested command loads a directory.
        'tool.mjs': "import yargs from 'yargs'\n\nyargs().command('math', 'math commands', (y) => y.commandDir('math')).parse()\n",
        'math/sum.mjs': module('sum <numbers..>'),
        // Not loaded by any commandDir: as it is.
        'other/serve.mjs': module('serve'),
      }),
    )
    const commands = graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}${e.declaredRoute ? ` (${e.declaredRoute})` : ''}`)
    expect(commands).toEqual([
      'cmds/init.mjs:1 init',
      'cmds/remote_cmds/add.mjs:1 remote add (add)',
      // `{ recurse: true }`: the folders below too.
      'cmds/remote_cmds/branch_cmds/more/prune.mjs:1 remote branch prune (prune)',
      'cmds/remote_cmds/branch.mjs:1 remote branch (branch)',
      'cmds/remote.mjs:1 remote',
      'math/sum.mjs:1 math sum (sum)',
      'other/serve.mjs:1 serve',
      'tool.mjs:3 math',
    ])
  })
})
