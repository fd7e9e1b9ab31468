import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** A click application over two modules, a celery task, a cached function, and a project's own decorators. */
const FILES = {
  'app/__init__.py': '',
  // The same method names in a class of the project: an untyped receiver's call would be a guess at it.
  'app/registry.py': 'class Registry:\n    def command(self):\n        pass\n\n    def group(self):\n        pass\n\n    def delay(self):\n        pass\n\n    def cache_clear(self):\n        pass\n',
  'app/plugins.py': 'def register(fn):\n    return fn\n',
  'app/cli.py': [
    'import click',
    'import functools',
    'from celery import Celery',
    'from app.plugins import register',
    '',
    'worker = Celery()',
    '',
    '',
    '@click.group()',
    'def cli():',
    '    pass',
    '',
    '',
    '@cli.group()',
    'def db():',
    '    pass',
    '',
    '',
    '@db.command()',
    'def migrate():',
    '    pass',
    '',
    '',
    '@worker.task',
    'def add(a, b):',
    '    return a + b',
    '',
    '',
    '@functools.lru_cache',
    'def settings():',
    '    add.delay(1, 2)',
    '',
    '',
    '@register',
    'def plain():',
    '    pass',
    '',
    '',
    'settings.cache_clear()',
    'plain.command()',
    '',
  ].join('\n'),
  'app/jobs.py': ['from app import cli', '', '', 'def run():', '    cli.add.delay(1, 2)', '    cli.plain.command()', ''].join('\n'),
  'app/db_tools.py': ['from app.cli import db', '', '', 'def reset():', '    db.command()', ''].join('\n'),
  'app/more.py': ['from app.cli import cli', '', '', '@cli.command()', 'def serve():', '    pass', '', '', 'def check(cli):', '    cli.command()', ''].join('\n'),
}

describe("calls on a Python function a package's decorator made something else", () => {
  it("are the package's: click's groups and their commands, a celery task's delay, a cached function's cache_clear, in the file and through an import", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'app/cli.py', ['group', 'command', 'delay', 'cache_clear'])).toEqual([
      'add.delay -> external ',
      'settings.cache_clear -> external ',
      // (A decorator of the project may return the function as it is: the call stays a guess by name.)
      'plain.command -> by-name app/registry.py#Registry.command',
      'click.group -> external ',
      'cli.group -> external ',
      'db.command -> external ',
    ])
    // Through the module: `cli.add` of `from app import cli`.
    expect(callsNamed(graph, 'app/jobs.py', ['delay', 'command'])).toEqual(['cli.add.delay -> external ', 'cli.plain.command -> by-name app/registry.py#Registry.command'])
    // (In `check(cli)`, a parameter of the same name is the caller's value, not the module's function: it is read as before.)
    expect(callsNamed(graph, 'app/more.py', ['command'])).toEqual(['cli.command -> resolved ', 'cli.command -> external '])
  })

  it('follow a change of the decorator in the importing files', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    const [undecorated] = await layersOfText({ 'app/cli.py': FILES['app/cli.py'].replace('@click.group()\n', '') })
    graph.apply({ upsert: [undecorated!] })
    // An undecorated function is the function: `command` is none of its members, the call leads to its file.
    expect(callsNamed(graph, 'app/more.py', ['command'])[1]).toBe('cli.command -> resolved ')
    // `db` of `@cli.group()` is no click group any more either: its importers follow too.
    expect(callsNamed(graph, 'app/db_tools.py', ['command'])).toEqual(['db.command -> resolved '])
    const [decorated] = await layersOfText({ 'app/cli.py': FILES['app/cli.py'] })
    graph.apply({ upsert: [decorated!] })
    expect(callsNamed(graph, 'app/more.py', ['command'])[1]).toBe('cli.command -> external ')
    expect(callsNamed(graph, 'app/db_tools.py', ['command'])).toEqual(['db.command -> external '])
  })
})
