import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)
    .sort()

/** A blueprint with a `url_prefix` of its own in `app/auth/routes.py`, and one without in `app/main.py`, registered by the app factory. */
function app(registrations: readonly string[]): Record<string, string> {
  return {
    'app/__init__.py': [
      'from flask import Flask',
      'from .auth.routes import bp as auth_bp',
      'from .main import main_bp',
      '',
      'def create_app():',
      '    app = Flask(__name__)',
      ...registrations.map((line) => `    ${line}`),
      '    return app',
      '',
    ].join('\n'),
    'app/auth/__init__.py': '',
    'app/auth/routes.py': "from flask import Blueprint\nbp = Blueprint('auth', __name__, url_prefix='/auth')\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    return 'x'\n\n@bp.route('/')\ndef home():\n    return 'x'\n",
    'app/main.py': "from flask import Blueprint\nmain_bp = Blueprint('main', __name__)\n\n@main_bp.route('/')\ndef index():\n    return 'x'\n",
  }
}

describe("Flask's register_blueprint of another module's blueprint", () => {
  it("serves the blueprint's routes under the url_prefix given at registration instead of its own", async () => {
    const graph = new LayerGraph(await layersOfText(app(["app.register_blueprint(auth_bp, url_prefix='/api/auth')", "app.register_blueprint(main_bp, url_prefix='/site')"])))
    expect(routes(graph)).toEqual([
      'app/auth/routes.py:4 POST /api/auth/login (/auth/login)',
      'app/auth/routes.py:8 GET /api/auth/ (/auth/)',
      'app/main.py:4 GET /site/ (/)',
    ])
  })

  it("keeps the blueprint's own prefix when the registration gives none", async () => {
    const graph = new LayerGraph(await layersOfText(app(['app.register_blueprint(auth_bp)', 'app.register_blueprint(main_bp)'])))
    expect(routes(graph)).toEqual(['app/auth/routes.py:4 POST /auth/login', 'app/auth/routes.py:8 GET /auth/', 'app/main.py:4 GET /'])
  })

  it('gives routes another module declares on the imported blueprint the registration prefix alone', async () => {
    const files = app(["app.register_blueprint(auth_bp, url_prefix='/api/auth')"])
    const views = "from app.auth.routes import bp\n\n\n@bp.route('/logout')\ndef logout():\n    return ''\n"
    const graph = new LayerGraph(await layersOfText({ ...files, 'app/auth/views.py': views }))
    expect(routes(graph)).toContain('app/auth/views.py:4 GET /api/auth/logout (/logout)')
  })

  it("serves a blueprint factory's routes under the registration's prefix, declared by the factory, linked to the handlers it defines", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': "from flask import Flask\nfrom .items import make_bp\n\napp = Flask(__name__)\napp.register_blueprint(make_bp(), url_prefix='/items')\n",
        'app/items.py': "from flask import Blueprint\n\ndef make_bp():\n    bp = Blueprint('items', __name__)\n\n    @bp.route('/list')\n    def listing():\n        return 'x'\n\n    return bp\n",
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.route} -> ${e.handlerSymbolId}, declared in ${e.declaringSymbolId}`)).toEqual([
      '/items/list -> app/items.py#make_bp.listing, declared in app/items.py#make_bp',
    ])
  })
})
