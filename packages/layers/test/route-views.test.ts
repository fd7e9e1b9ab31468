import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const handlers = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handler} => ${e.handlerSymbolId}`)

/** A Vue 3 app as `npm create vue` writes it, and a router module of views imported lazily through the `@/` alias (vue-element-admin's). */
const VUE_APP = {
  'package.json': '{ "name": "app", "dependencies": { "vue": "^3.5.0", "vue-router": "^4.4.0" } }\n',
  'jsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
  'src/views/HomeView.vue': '<script setup>\nimport TheWelcome from \'../components/TheWelcome.vue\'\n</script>\n\n<template>\n  <main><TheWelcome /></main>\n</template>\n',
  'src/views/AboutView.vue': '<template>\n  <div class="about"><h1>This is an about page</h1></div>\n</template>\n',
  'src/views/login/index.vue': "<template>\n  <form @submit.prevent=\"handleLogin\" />\n</template>\n<script>\nexport default {\n  methods: {\n    handleLogin() {},\n  },\n}\n</script>\n",
  'src/components/TheWelcome.vue': '<template>\n  <p>Welcome</p>\n</template>\n',
  'src/router/index.js':
    "import { createRouter, createWebHistory } from 'vue-router'\nimport HomeView from '../views/HomeView.vue'\n\nconst router = createRouter({\n  history: createWebHistory(import.meta.env.BASE_URL),\n  routes: [\n    { path: '/', name: 'home', component: HomeView },\n    { path: '/about', name: 'about', component: () => import('../views/AboutView.vue') },\n    { path: '/login', component: () => import('@/views/login/index'), hidden: true },\n    { path: '/missing', component: () => import('@/views/missing') },\n  ],\n})\n\nexport default router\n",
}

/** A React Router data router with a lazily imported route module and elements of imported components. */
const REACT_APP = {
  'package.json': '{ "name": "spa", "dependencies": { "react": "^18.3.0", "react-router-dom": "^6.26.0" } }\n',
  'src/routes/root.tsx': 'export default function Root() {\n  return <div id="sidebar" />\n}\n',
  'src/routes/contact.tsx': 'export default function Contact() {\n  return <div id="contact" />\n}\n',
  'src/routes/settings.tsx': 'export async function loader() {\n  return null\n}\nexport function Component() {\n  return <h1>Settings</h1>\n}\n',
  // A data router's component that imports React Router's hooks: under `app/routes`, yet no framework-mode route.
  'src/app/routes/landing.tsx': "import { useNavigate } from 'react-router'\n\nconst LandingRoute = () => {\n  const navigate = useNavigate()\n  return <button onClick={() => navigate('/app')} />\n}\n\nexport default LandingRoute\n",
  'src/main.tsx':
    "import { createBrowserRouter, RouterProvider } from 'react-router-dom'\nimport Root from './routes/root'\nimport Contact from './routes/contact'\n\nconst router = createBrowserRouter([\n  { path: '/', element: <Root /> },\n  { path: '/contacts/:contactId', element: <Contact /> },\n  { path: '/settings', lazy: () => import('./routes/settings') },\n])\n\nexport function App() {\n  return <RouterProvider router={router} />\n}\n",
}

describe('routes served by a view module', () => {
  it("links a Vue Router route to the file of its view, imported or lazily imported (through the app's path aliases too)", async () => {
    const graph = new LayerGraph(await layersOfText(VUE_APP))
    expect(handlers(graph)).toEqual([
      // `path#`: the view's file, a component that is its file (`<script setup>` or none at all).
      'GET / -> HomeView => src/views/HomeView.vue#',
      'GET /about -> ../views/AboutView.vue => src/views/AboutView.vue#',
      'GET /login -> @/views/login/index => src/views/login/index.vue#',
      // No such file: no handler.
      'GET /missing -> @/views/missing => ',
    ])
    // Who routes to a view: `rag deps src/views/AboutView.vue --reverse` shows the route.
    expect(graph.routesInto('src/views/AboutView.vue').map((edge) => `${edge.path}:${edge.startLine} ${edge.target}`)).toEqual(['src/router/index.js:8 GET /about'])
    // A view that goes, then comes back under another name the route names: the route follows.
    const about = (): string | undefined => handlers(graph)[1]
    graph.apply({ remove: ['src/views/AboutView.vue'] })
    expect(about()).toBe('GET /about -> ../views/AboutView.vue => ')
    expect(graph.routesInto('src/views/AboutView.vue')).toEqual([])
    graph.apply({ upsert: await layersOfText({ 'src/views/AboutView.vue': '<template><p>About</p></template>\n' }) })
    expect(about()).toBe('GET /about -> ../views/AboutView.vue => src/views/AboutView.vue#')
    graph.apply({ remove: ['src/views/HomeView.vue'] })
    expect(handlers(graph)[0]).toBe('GET / -> HomeView => ')
  })

  it("links a React Router route to its element's component and a lazy route to its module's file", async () => {
    const graph = new LayerGraph(await layersOfText(REACT_APP))
    expect(handlers(graph)).toEqual([
      'GET / -> Root => src/routes/root.tsx#Root',
      'GET /contacts/:contactId -> Contact => src/routes/contact.tsx#Contact',
      'GET /settings -> ./routes/settings => src/routes/settings.tsx#',
    ])
    // In React Router's framework mode (`@react-router/dev`) the same component is a route.
    const framework = new LayerGraph(await layersOfText({ ...REACT_APP, 'package.json': '{ "name": "spa", "dependencies": { "react-router": "^7.1.0" }, "devDependencies": { "@react-router/dev": "^7.1.0" } }\n' }))
    expect(handlers(framework)).toContain('GET /landing -> LandingRoute => src/app/routes/landing.tsx#LandingRoute')
  })

  it("lists the pages of Vue Router's file-based routing: by the package's plugin, or by the page's own <route> block or definePage()", async () => {
    const pages = {
      'src/pages/index.vue': '<template><h1>Home</h1></template>\n\n<route lang="yaml">\nmeta:\n  layout: home\n</route>\n',
      'src/pages/users/[id].vue': "<script setup lang=\"ts\">\ndefinePage({ meta: { requiresAuth: true } })\nconst route = useRoute('/users/[id]')\n</script>\n\n<template><p>{{ route.params.id }}</p></template>\n",
      'src/pages/about.vue': '<template><p>About</p></template>\n',
    }
    const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.framework} ${e.method} ${e.route} ${e.path}`)
    const plugin = new LayerGraph(await layersOfText({ ...pages, 'package.json': '{ "name": "app", "dependencies": { "vue": "^3.5.0", "vue-router": "^4.4.0" }, "devDependencies": { "unplugin-vue-router": "^0.10.0" } }\n' }))
    expect(routes(plugin)).toEqual(['vue-router GET /about src/pages/about.vue', 'vue-router GET / src/pages/index.vue', 'vue-router GET /users/[id] src/pages/users/[id].vue'])
    // Vue Router 5's own file routing (vitesse): its plugin is in `vite.config.ts`, not in `package.json`; the marked pages are routes.
    const builtIn = new LayerGraph(await layersOfText({ ...pages, 'package.json': '{ "name": "app", "dependencies": { "vue": "^3.5.0", "vue-router": "catalog:frontend" } }\n' }))
    expect(routes(builtIn)).toEqual(['vue-router GET / src/pages/index.vue', 'vue-router GET /users/[id] src/pages/users/[id].vue'])
  })
})
