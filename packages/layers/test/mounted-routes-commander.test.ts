import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const commands = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}${e.declaredRoute ? ` (${e.declaredRoute})` : ''}`)

describe('commander commands added beneath commands of other files', () => {
  it("gives a command another file adds with addCommand under a command of its own that command's words, through several files, also a factory's command", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/cli.ts': [
          "import { Command } from 'commander'",
          "import { configCommand } from './config.js'",
          "import { makeLoginCommand } from './login.js'",
          '',
          'const program = new Command()',
          "program.command('tools').addCommand(configCommand)",
          "const auth = program.command('auth')",
          'auth.addCommand(makeLoginCommand())',
          'program.parse()',
          '',
        ].join('\n'),
        'src/config.ts': [
          "import { Command } from 'commander'",
          "import { setCommand } from './set.js'",
          '',
          "export const configCommand = new Command('config').description('Manage settings')",
          'configCommand.addCommand(setCommand)',
          "configCommand.command('list').action(listSettings)",
          '',
        ].join('\n'),
        'src/set.ts': ["import { Command } from 'commander'", '', "export const setCommand = new Command('set').argument('<key>').action(setValue)", ''].join('\n'),
        'src/login.ts': [
          "import { Command } from 'commander'",
          '',
          'export function makeLoginCommand(): Command {',
          "  const login = new Command('login')",
          "  login.command('token').action(loginWithToken)",
          '  return login',
          '}',
          '',
        ].join('\n'),
      }),
    )
    expect(commands(graph)).toEqual([
      'src/cli.ts:6 tools',
      'src/cli.ts:7 auth',
      'src/config.ts:4 tools config (config)',
      'src/config.ts:6 tools config list (config list)',
      'src/login.ts:4 auth login (login)',
      'src/login.ts:5 auth login token (login token)',
      'src/set.ts:3 tools config set (set)',
    ])
  })
})
