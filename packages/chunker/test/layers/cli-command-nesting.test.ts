import { describe, expect, it } from 'vitest'
import { chunker, mountsOf } from './mounts-of.js'

/** The file's CLI commands as `line route -> handler`. */
async function commandsOf(path: string, lines: readonly string[]): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path, content: lines.join('\n'), format: 'code' })
  return layers.entrypoints.filter((e) => e.kind === 'cli-command').map((e) => `${e.startLine} ${e.route} -> ${e.handler || '-'}`)
}

describe('nested CLI commands in one file', () => {
  it("follows a commander command's chain of any length back to its `.command()`, whose receiver text is cut at 300 characters (commander's examples/help-groups.js)", async () => {
    const options = Array.from({ length: 12 }, (_, at) => `  .option('--flag-number-${at} <value>', 'a long description of flag number ${at} of this command')`)
    const commands = await commandsOf('help-groups.js', [
      "import { Command } from 'commander'",
      'const program = new Command()',
      'const docker = program',
      "  .command('docker')",
      ...options,
      "docker.command('run').action(run)",
      'program.parse()',
    ])
    expect(commands).toEqual(['4 docker -> -', '17 docker run -> run'])
  })

  it('adds a commander command to a nested command, and stops at commands added to each other', async () => {
    const commands = await commandsOf('cli.ts', [
      "import { Command, createCommand } from 'commander'",
      'const program = new Command()',
      "const remote = program.command('remote')",
      "const show = createCommand('show').action(showRemote)",
      'remote.addCommand(show)',
      "remote.addCommand(new Command('prune').action(pruneRemotes))",
      "const a = new Command('a')",
      "const b = new Command('b')",
      'a.addCommand(b)',
      'b.addCommand(a)',
      'program.parseAsync()',
    ])
    expect(commands.slice(0, 3)).toEqual(['3 remote -> -', '4 remote show -> showRemote', '6 remote prune -> pruneRemotes'])
    expect(commands).toHaveLength(5)
  })

  it("reads commander's executable subcommands by any description but an options object (examples/man-style-help.mjs)", async () => {
    const commands = await commandsOf('pm.js', [
      "import { program } from 'commander'",
      'program',
      "  .command('sub1', 'sssss '.repeat(33))",
      "  .command('sub2', { isDefault: true })",
      "  .command('sub3')",
      'program.parse()',
    ])
    expect(commands).toEqual(['3 sub1 -> -', '4 sub2 -> -', '5 sub2 sub3 -> -'])
  })

  it("nests yargs commands of an object's builder", async () => {
    const commands = await commandsOf('cli.js', [
      "const yargs = require('yargs')",
      'yargs',
      '  .command({',
      "    command: 'config <command>',",
      "    builder: (y) => y.command({ command: 'get <key>', handler: getKey }),",
      '    handler: () => {},',
      '  })',
      '  .parse()',
    ])
    expect(commands).toEqual(['3 config -> -', '5 config get -> getKey'])
  })

  it("keeps a yargs command in the default command's builder at the top: `$0` adds no word", async () => {
    const commands = await commandsOf('cli.js', ["const yargs = require('yargs')", "yargs.command('$0', 'default', (y) => y.command('status', 'show status', {}, status)).parse()"])
    expect(commands).toEqual(['2 status -> status'])
  })

  it("reads yargs's commandDir as a directory's commands under the words of the command that loads it", async () => {
    const module = await mountsOf('cmds/remote.js', [
      "exports.command = 'remote <command>'",
      "exports.builder = (yargs) => yargs.commandDir('remote_cmds', { recurse: true })",
      'exports.handler = () => {}',
    ])
    expect(module.mounts).toEqual(['remote_cmds at "remote" on "" line 2'])
    const program = await mountsOf('cli.js', [
      "const yargs = require('yargs')",
      "yargs.commandDir(path.join(__dirname, 'cmds')).command('math', 'math', (y) => y.command('ops', 'ops', (z) => z.commandDir('ops'))).parse()",
    ])
    expect(program.mounts).toEqual(['cmds at "" on "" line 2', 'ops at "math/ops" on "" line 2'])
  })

  it("reads typer's add_typer of another module's app as a mount under this file's words, and names the app a command is declared on", async () => {
    const main = await mountsOf('main.py', [
      'import typer',
      'import items',
      'from users import app as users_app',
      '',
      'app = typer.Typer()',
      'tools_app = typer.Typer()',
      'app.add_typer(tools_app, name="tools")',
      'tools_app.add_typer(items.app, name="items")',
      'app.add_typer(users_app)',
      '',
      '@tools_app.command()',
      'def check():',
      '    pass',
    ])
    // `tools_app` is this file's: nested in place, no mount.
    // Without a name, the word is the one the app gives itself in its module (`~`: the graph reads `typer.Typer(name=...)` there; none, no word).
    expect(main.mounts).toEqual(['items.app at "tools/items" on "tools_app" line 8', 'users_app at "~" on "app" line 9'])
    expect(main.routes).toEqual([' tools on app', ' tools items on tools_app', ' tools check on tools_app'])
  })

  it("reads click's add_command of another module's group as a mount under this file's words with the name given or the group's own, and names each command's outermost group of the file as its router", async () => {
    const main = await mountsOf('cmd/main.py', [
      'import click',
      'from cmd import db, dev',
      'from cmd.users import users',
      '',
      "@click.group(name='cmd groups')",
      'def main():',
      '    pass',
      '',
      '@main.group()',
      'def tools():',
      '    pass',
      '',
      '@tools.command()',
      'def check():',
      '    pass',
      '',
      '@click.command()',
      'def lint():',
      '    pass',
      '',
      "main.add_command(cmd=db.main, name='db')",
      'tools.add_command(users)',
      "tools.add_command(cmd=lint, name='lint-all')",
    ])
    // `check` and `lint` are this file's: nested in place, no mount.
    expect(main.mounts).toEqual(['db.main at "db" on "main" line 21', 'users at "tools/~" on "tools" line 22'])
    expect(main.routes).toEqual([' cmd groups on main', ' tools on main', ' tools check on main', ' tools lint-all on main'])
  })

  it("names a typer app by its callback's name before the name Typer() gives it, after the one add_typer gives (typer's solve_typer_info_defaults)", async () => {
    const main = await mountsOf('main.py', [
      'import typer',
      '',
      'app = typer.Typer()',
      'users_app = typer.Typer(name="people")',
      'items_app = typer.Typer()',
      'app.add_typer(users_app)',
      'app.add_typer(items_app, name="things")',
      '',
      '@users_app.callback(name="users", help="Manage users.")',
      'def users():',
      '    pass',
      '',
      '@items_app.callback(name="items")',
      'def items():',
      '    pass',
      '',
      '@users_app.command()',
      'def create():',
      '    pass',
    ])
    expect(main.routes).toEqual([' users on app', ' things on app', ' users create on users_app'])
  })

  it("reads click's command and group decorators imported by name (xthulu's `from click import group` then `@group(\"db\")`)", async () => {
    const db = await mountsOf('xthulu/cli/db.py', [
      'from click import command as plain_command, group, option',
      '',
      '@group("db")',
      'def cli():',
      '    """Database commands"""',
      '',
      '@cli.command()',
      '@option("-s", "--seed", "seed_data", default=False)',
      'def create(seed_data=False):',
      '    pass',
      '',
      '@plain_command()',
      'def check_all():',
      '    pass',
    ])
    expect(db.routes).toEqual([' db on cli', ' create on cli', ' check-all on check_all'])
  })

  it("reads commander's addCommand of a command another file makes, on a command of this file, as a mount under its words, and names each command's outermost command variable", async () => {
    const main = await mountsOf('src/config.ts', [
      "import { Command } from 'commander'",
      "import { setCommand } from './set.js'",
      "import { makeGetCommand } from './get.js'",
      "import { versionCommand } from './version.js'",
      '',
      "export const configCommand = new Command('config')",
      'configCommand.addCommand(setCommand)',
      "configCommand.command('keys').addCommand(makeGetCommand())",
      "const local = new Command('local')",
      'configCommand.addCommand(local)',
      'const program = new Command()',
      'program.addCommand(versionCommand)',
      'program.parse()',
    ])
    // `local` is this file's: nested in place; the program adds no word.
    expect(main.mounts).toEqual(['setCommand at "config" on "configCommand" line 7', 'makeGetCommand at "config/keys" on "configCommand" line 8'])
    expect(main.routes).toEqual([' config on configCommand', ' config keys on configCommand', ' config local on configCommand'])
  })

  it('reads commander imported as @commander-js/extra-typings, its typed variant', async () => {
    const commands = await commandsOf('src/commands/db.ts', [
      'import { Command, Option } from "@commander-js/extra-typings";',
      'export const makeDbCommand = () => {',
      '  const db = new Command("db");',
      '  db.command("migrate", { isDefault: true })',
      '    .addOption(new Option("--force", "force migration").default(false))',
      '    .action(async (options) => migrateDb(options.force));',
      '  return db;',
      '};',
    ])
    expect(commands).toEqual(['3 db -> -', '4 db migrate -> migrateDb'])
  })
})
