import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** A conftest's fixtures and a module's factories, each with what its `return`s or `yield`s give, or nothing to infer. */
const CODE = `import pytest
from click.testing import CliRunner
from . import models


@pytest.fixture
def runner(request):
    return CliRunner()


@pytest.fixture(scope="module")
def client(app):
    c = app.test_client()
    yield Client(app)


@pytest.fixture
def app():
    app = Flask("shop")
    app.config.update(TESTING=True)
    return app


@pytest.fixture
def session(app):
    s = Session(app)
    yield s
    s.close()


@pytest.fixture
def test_client(app):
    return app.test_client()


def helper(app):
    return app.test_client()


def maybe(flag):
    if flag:
        return None
    return Parser()


@pytest.fixture
def annotated() -> Session:
    return Other()


def make_user(name):
    if not name:
        return models.User("anonymous")
    return models.User(name)


def mixed(flag):
    if flag:
        return Parser()
    return Lexer()


def chained(fp):
    return Parser(fp).parse()


def generator():
    yield Item()


def method_call(self):
    return self.Build()


def bare():
    return


def nested():
    def inner():
        return 1
    return Outer()


class Factory:
    def build(self, spec):
        # return Wrong() in a comment is no return
        text = "return Wrong()"
        return Widget(
            spec,
            text,
        )
`

describe('what Python functions without a return annotation give', () => {
  it("records the class every return gives a new instance of (a fixture's yields too), and nothing where returns differ or give something else", async () => {
    const { layers } = await chunker.chunkWithLayers({ path: 'tests/conftest.py', content: CODE, format: 'code', language: 'python' })
    const returns = Object.fromEntries(layers!.symbols.filter((s) => s.kind === 'function' || s.kind === 'method').map((s) => [s.qname, s.returns]))
    expect(returns).toEqual({
      runner: 'CliRunner',
      client: 'Client',
      // (A name the function declared with a class.)
      app: 'Flask',
      session: 'Session',
      // (A fixture may give what a method of another fixture returns, as that call; a plain function may not.)
      test_client: 'app.test_client()',
      helper: undefined,
      maybe: undefined,
      // (Its annotation says what it gives: resolution reads that.)
      annotated: undefined,
      make_user: 'models.User',
      mixed: undefined,
      chained: undefined,
      // (A generator that is no fixture gives a generator.)
      generator: undefined,
      method_call: undefined,
      bare: undefined,
      nested: undefined,
      'nested.inner': undefined,
      'Factory.build': 'Widget',
    })
  })
  it('records the decorators of a function as written, without their arguments, and none for a method or an undecorated function', async () => {
    const { layers } = await chunker.chunkWithLayers({ path: 'tests/conftest.py', content: CODE, format: 'code', language: 'python' })
    const decorated = Object.fromEntries(layers!.symbols.filter((s) => ['runner', 'client', 'helper', 'Factory.build'].includes(s.qname)).map((s) => [s.qname, s.decorators]))
    expect(decorated).toEqual({ runner: ['pytest.fixture'], client: ['pytest.fixture'], helper: undefined, 'Factory.build': undefined })
  })
})
