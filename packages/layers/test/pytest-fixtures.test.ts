import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const call = (graph: LayerGraph, path: string, receiver: string, target: string): EdgeRecord | undefined =>
  graph.edgesOf(path).find((e) => e.kind === 'calls' && e.target === target && (e.receiver ?? '') === receiver)

/** click's layout: the runner fixture in the root `conftest.py`, a nearer one under `tests/api/`, and tests requesting them. */
const FILES = {
  'src/shop/__init__.py': '',
  'src/shop/testing.py': 'class CliRunner:\n    def invoke(self, cli, args):\n        return 0\n\n\nclass ApiClient:\n    def get(self, url):\n        return 1\n',
  'src/shop/session.py': 'from shop.testing import ApiClient\n\n\nclass Session:\n    def close(self):\n        pass\n\n    def client(self) -> ApiClient:\n        return ApiClient()\n',
  // The same method names elsewhere: a call on an untyped receiver is a guess by name.
  'src/shop/other.py': 'class Other:\n    def invoke(self):\n        pass\n\n    def get(self):\n        pass\n\n    def close(self):\n        pass\n',
  'conftest.py': [
    'import pytest',
    'from shop.testing import CliRunner',
    'from shop.session import Session',
    '',
    '',
    '@pytest.fixture',
    'def runner(request):',
    '    return CliRunner()',
    '',
    '',
    '@pytest.fixture',
    'def session() -> Iterator[Session]:',
    '    s = Session()',
    '    yield s',
    '    s.close()',
    '',
  ].join('\n'),
  'tests/api/conftest.py': [
    'import pytest',
    'from shop.testing import ApiClient',
    '',
    '',
    '@pytest.fixture',
    'def runner(session):',
    '    session.close()',
    '    return ApiClient()',
    '',
  ].join('\n'),
  // Flask's `client(app)`: what a method of another fixture returns; and two fixtures that give each other's (no end).
  'tests/api/test_client.py': [
    'import pytest',
    'from shop.testing import ApiClient',
    '',
    '',
    '@pytest.fixture',
    'def api(session):',
    '    return session.client()',
    '',
    '',
    '@pytest.fixture',
    'def ping(pong):',
    '    return pong.ping()',
    '',
    '',
    '@pytest.fixture',
    'def pong(ping):',
    '    return ping.pong()',
    '',
    '',
    'def test_api(api, ping):',
    '    api.get("/")',
    '    ping.get("/")',
    '',
  ].join('\n'),
  'tests/test_cli.py': [
    'def test_invoke(runner, tmp_path):',
    '    runner.invoke(None, [])',
    '    tmp_path.mkdir()',
    '',
    '',
    'class TestSession:',
    '    def test_close(self, session):',
    '        session.close()',
    '',
    '',
    'def test_default(runner=None):',
    '    runner.invoke(None, [])',
    '',
  ].join('\n'),
  'tests/api/test_api.py': 'def test_get(runner):\n    runner.get("/")\n',
}

describe('pytest fixtures', () => {
  it("types a test's parameter by the fixture of its name that pytest would give it: the nearest conftest.py's, by its return, its yield annotation or what it returns", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(call(graph, 'tests/test_cli.py', 'runner', 'invoke')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/testing.py#CliRunner.invoke' })
    expect(call(graph, 'tests/test_cli.py', 'session', 'close')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/session.py#Session.close' })
    // `tests/api/conftest.py` overrides the root's `runner` for the tests below it; a fixture requests another.
    expect(call(graph, 'tests/api/test_api.py', 'runner', 'get')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/testing.py#ApiClient.get' })
    expect(call(graph, 'tests/api/conftest.py', 'session', 'close')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/session.py#Session.close' })
    expect(call(graph, 'tests/api/test_client.py', 'api', 'get')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/testing.py#ApiClient.get' })
    expect(call(graph, 'tests/api/test_client.py', 'ping', 'get')).toMatchObject({ resolution: 'by-name' })
    // pytest's own fixtures are not indexed; a parameter with a default is no fixture.
    expect(call(graph, 'tests/test_cli.py', 'tmp_path', 'mkdir')?.targetSymbolId).toBe('')
    const defaulted = graph.edgesOf('tests/test_cli.py').find((e) => e.kind === 'calls' && e.target === 'invoke' && e.sourceQname === 'test_default')
    expect(defaulted).toMatchObject({ resolution: 'by-name', candidates: 2 })
  })

  it('re-resolves the tests when a fixture starts giving another class, or a nearer conftest.py defines the fixture', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    graph.apply({ upsert: await layersOfText({ 'conftest.py': 'import pytest\nfrom shop.testing import ApiClient\n\n\n@pytest.fixture\ndef runner(request):\n    return ApiClient()\n' }) })
    expect(call(graph, 'tests/test_cli.py', 'runner', 'get')).toBeUndefined()
    expect(call(graph, 'tests/test_cli.py', 'runner', 'invoke')?.targetSymbolId).not.toBe('src/shop/testing.py#CliRunner.invoke')
    graph.apply({ upsert: await layersOfText({ 'tests/conftest.py': 'import pytest\nfrom shop.testing import CliRunner\n\n\n@pytest.fixture\ndef runner():\n    return CliRunner()\n' }) })
    expect(call(graph, 'tests/test_cli.py', 'runner', 'invoke')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/shop/testing.py#CliRunner.invoke' })
  })
})
