import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

/** bulletproof-react's shape: a data router whose paths are strings of a constant object another module exports. */
const DATA_ROUTER = {
  'package.json': '{ "name": "app", "dependencies": { "react": "^18.3.0", "react-router": "^7.0.0" } }\n',
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"] } } }\n',
  'src/config/paths.ts':
    "export const paths = {\n  home: {\n    path: '/',\n    getHref: () => '/',\n  },\n  auth: {\n    login: {\n      path: '/auth/login',\n      getHref: (redirectTo?: string) => `/auth/login${redirectTo ? `?redirectTo=${redirectTo}` : ''}`,\n    },\n  },\n  app: {\n    root: { path: '/app' },\n    dashboard: { path: '' },\n    discussion: { path: 'discussions/:discussionId' },\n  },\n} as const;\n",
  'src/app/routes/landing.tsx': 'export default function Landing() {\n  return null\n}\n',
  'src/app/routes/auth/login.tsx': 'export default function Login() {\n  return null\n}\n',
  'src/app/routes/app/dashboard.tsx': 'export default function Dashboard() {\n  return null\n}\n',
  'src/app/routes/app/discussion.tsx': 'export default function Discussion() {\n  return null\n}\n',
  'src/app/routes/app/root.tsx': 'export default function AppRoot() {\n  return null\n}\n',
  'src/app/router.tsx':
    "import { createBrowserRouter } from 'react-router';\n\nimport { paths } from '@/config/paths';\n\nimport AppRoot from './routes/app/root';\n\nexport const createAppRouter = () =>\n  createBrowserRouter([\n    { path: paths.home.path, lazy: () => import('./routes/landing') },\n    { path: paths.auth.login.path, lazy: () => import('./routes/auth/login') },\n    {\n      path: paths.app.root.path,\n      element: <AppRoot />,\n      children: [\n        { path: paths.app.discussion.path, lazy: () => import('./routes/app/discussion') },\n        { path: paths.app.dashboard.path, lazy: () => import('./routes/app/dashboard') },\n        { path: route.path, lazy: () => import('./routes/app/dashboard') },\n      ],\n    },\n  ]);\n",
}

/** Express routes and JSX `<Route>`s whose paths are an imported constant object's strings (also under an alias) or a plain imported constant. */
const SERVER_AND_SPA = {
  'package.json': '{ "name": "app", "dependencies": { "express": "^4.21.0", "react-router-dom": "^6.26.0" } }\n',
  'src/routes.ts': "export const ROUTES = {\n  USERS: '/users',\n  USER: '/users/:id',\n  api: { orders: { list: '/orders' } },\n  title: 'Not a path',\n} as const\nexport const HOME = '/'\n",
  'src/handlers.ts': 'export function listUsers() {}\nexport function getUser() {}\nexport function listOrders() {}\n',
  'src/server.ts':
    "import express from 'express'\nimport { ROUTES } from './routes'\nimport { listUsers, getUser, listOrders } from './handlers'\n\nconst app = express()\nconst router = express.Router()\nrouter.get(ROUTES.USERS, listUsers)\nrouter.get(ROUTES.USER, getUser)\nrouter.get(ROUTES.api.orders.list, listOrders)\nrouter.get(ROUTES.title, listOrders)\napp.use('/api', router)\n",
  'src/Users.tsx': 'export function Users() {\n  return null\n}\n',
  'src/admin-paths.ts': "const adminPaths = {\n  settings: '/admin/settings',\n}\n\nexport default adminPaths\n",
  'src/Settings.tsx': 'export function Settings() {\n  return null\n}\n',
  'src/Home.tsx': 'export function Home() {\n  return null\n}\n',
  'src/App.tsx':
    "import { Routes, Route } from 'react-router-dom'\nimport { ROUTES as R, HOME } from './routes'\nimport adminPaths from './admin-paths'\nimport { Users } from './Users'\nimport { Home } from './Home'\nimport { Settings } from './Settings'\n\nexport function App() {\n  return (\n    <Routes>\n      <Route path={HOME} element={<Home />} />\n      <Route path={R.USERS} element={<Users />} />\n      <Route path={adminPaths.settings} element={<Settings />} />\n    </Routes>\n  )\n}\n",
}

describe('route paths held by constants of another module', () => {
  it("reads a data router's paths from an imported constant object, nested children under their parent's", async () => {
    const graph = new LayerGraph(await layersOfText(DATA_ROUTER))
    expect(routes(graph)).toEqual([
      'GET / -> src/app/routes/landing.tsx#',
      'GET /auth/login -> src/app/routes/auth/login.tsx#',
      'GET /app/discussions/:discussionId -> src/app/routes/app/discussion.tsx#',
      // An empty path is its parent's: no trailing slash.
      'GET /app -> src/app/routes/app/dashboard.tsx#',
      // (`route.path` names nothing the file imports or declares: no route.)
    ])
    // The file keeps what it declared, for the next read.
    expect(graph.entrypoints({ kind: 'http-route' })[2]?.declaredRoute).toBe('/{paths.app.root.path}/{paths.app.discussion.path}')
  })

  it('moves the routes when the constants change, and keeps them as written when the constants go', async () => {
    const graph = new LayerGraph(await layersOfText(DATA_ROUTER))
    const edited = DATA_ROUTER['src/config/paths.ts'].replace("'/app'", "'/workspace'").replace("'discussions/:discussionId'", "'threads/:id'")
    graph.apply({ upsert: await layersOfText({ 'src/config/paths.ts': edited }) })
    expect(routes(graph).slice(2)).toEqual(['GET /workspace/threads/:id -> src/app/routes/app/discussion.tsx#', 'GET /workspace -> src/app/routes/app/dashboard.tsx#'])
    graph.apply({ remove: ['src/config/paths.ts'] })
    expect(routes(graph)[0]).toBe('GET /{paths.home.path} -> src/app/routes/landing.tsx#')
    graph.apply({ upsert: await layersOfText({ 'src/config/paths.ts': DATA_ROUTER['src/config/paths.ts'] }) })
    expect(routes(graph)[0]).toBe('GET / -> src/app/routes/landing.tsx#')
  })

  it("reads Express paths and JSX <Route> paths from an imported object's strings, through an alias and a default import, and a plain constant", async () => {
    const graph = new LayerGraph(await layersOfText(SERVER_AND_SPA))
    expect(routes(graph)).toEqual([
      'GET / -> src/Home.tsx#Home',
      'GET /users -> src/Users.tsx#Users',
      // (A default import of the module's default export.)
      'GET /admin/settings -> src/Settings.tsx#Settings',
      'GET /api/users -> src/handlers.ts#listUsers',
      'GET /api/users/:id -> src/handlers.ts#getUser',
      'GET /api/orders -> src/handlers.ts#listOrders',
      // A string with whitespace is no path the index keeps: the route stays as written.
      'GET /api/{ROUTES.title} -> src/handlers.ts#listOrders',
    ])
  })
})
