import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const commands = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}${e.declaredRoute ? ` (${e.declaredRoute})` : ''}`)

describe('click commands of groups added by other modules', () => {
  it('gives the commands of a group made as an object in another module (modal: `volume_cli = click.Group(name="volume")`) the group\'s own word', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'pkg/__init__.py': '',
        'pkg/volume.py': 'import click\n\nvolume_cli = click.Group(name="volume", help="Manage volumes")\n\n\n@volume_cli.command(name="create")\ndef create():\n    pass\n',
        'main.py': 'import click\nfrom pkg.volume import volume_cli\n\n\n@click.group()\ndef entry():\n    pass\n\n\nentry.add_command(volume_cli)\n',
      }),
    )
    expect(graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}`)).toEqual(['main.py:5 entry', 'pkg/volume.py:3 volume', 'pkg/volume.py:6 volume create'])
  })

  it("gives the commands of a group another module adds with add_command the group's word before theirs, its own name or the one add_command gives, under the adding group's words", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/cli.py': [
          'import click',
          '',
          'from app.db import db',
          'from app import users',
          '',
          '',
          '@click.group()',
          'def cli():',
          '    pass',
          '',
          '',
          '@cli.group()',
          'def tools():',
          '    pass',
          '',
          '',
          'cli.add_command(db)',
          'tools.add_command(cmd=users.main, name="people")',
          '',
        ].join('\n'),
        'app/__init__.py': '',
        'app/db.py': [
          'import click',
          '',
          '',
          '@click.group()',
          'def db():',
          '    """Manage the database."""',
          '',
          '',
          '@db.command()',
          'def migrate():',
          '    pass',
          '',
          '',
          '@db.group()',
          'def seed():',
          '    pass',
          '',
          '',
          '@seed.command("all")',
          'def seed_all():',
          '    pass',
          '',
        ].join('\n'),
        'app/users.py': ['import click', '', '', '@click.group(name="users")', 'def main():', '    pass', '', '', '@main.command()', 'def add():', '    pass', ''].join('\n'),
      }),
    )
    expect(commands(graph)).toEqual([
      'app/cli.py:7 cli',
      'app/cli.py:12 tools',
      'app/db.py:4 db',
      'app/db.py:9 db migrate (migrate)',
      'app/db.py:14 db seed (seed)',
      'app/db.py:19 db seed all (seed all)',
      'app/users.py:4 tools people (users)',
      'app/users.py:9 tools people add (add)',
    ])
  })
})
