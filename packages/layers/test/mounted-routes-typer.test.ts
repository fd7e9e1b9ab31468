import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('typer commands of apps added by other modules', () => {
  it('puts the commands of an app another module adds without a name under the name the app gives itself, else under none', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'items.py': 'import typer\n\napp = typer.Typer(name="items")\n\n\n@app.command()\ndef show():\n    pass\n',
        'misc.py': 'import typer\n\napp = typer.Typer()\n\n\n@app.command()\ndef ping():\n    pass\n',
        'main.py': 'import typer\nimport items\nimport misc\n\napp = typer.Typer()\napp.add_typer(items.app)\napp.add_typer(misc.app)\n',
      }),
    )
    expect(graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}`)).toEqual(['items.py:6 items show', 'misc.py:6 ping'])
  })

  it("gives the commands of an app another module adds with add_typer that module's words and the name (typer's docs: main.py over items.py and users.py)", async () => {
    const app = (commands: string[]) => ['import typer', '', 'app = typer.Typer()', '', ...commands.flatMap((name) => ['', '@app.command()', `def ${name}(item: str):`, '    print(item)', ''])].join('\n')
    const graph = new LayerGraph(
      await layersOfText({
        'main.py': ['import typer', '', 'import items', 'from users import app as users_app', 'import version', '', 'app = typer.Typer()', 'app.add_typer(items.app, name="items")', 'app.add_typer(users_app, name="users")', '# Without a name: its commands are the main app\'s (typer 0.15).', 'app.add_typer(version.app)', ''].join('\n'),
        'items.py': app(['create', 'sell']),
        'users.py': ['import typer', '', 'import reigns', '', 'app = typer.Typer()', 'app.add_typer(reigns.app, name="reigns")', '', '', '@app.command()', 'def delete(name: str):', '    print(name)', ''].join('\n'),
        'reigns.py': app(['conquer']),
        'version.py': app(['version']),
      }),
    )
    const commands = graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route}${e.declaredRoute ? ` (${e.declaredRoute})` : ''}`)
    expect(commands).toEqual([
      'items.py:6 items create (create)',
      'items.py:11 items sell (sell)',
      'main.py:8 items',
      'main.py:9 users',
      'reigns.py:6 users reigns conquer (conquer)',
      'users.py:6 users reigns (reigns)',
      'users.py:9 users delete (delete)',
      'version.py:6 version',
    ])
  })
})
