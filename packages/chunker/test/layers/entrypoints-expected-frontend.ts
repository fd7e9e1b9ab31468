/**
 * Golden fixtures of browser apps' client-side routers, in the shape of `entrypoints-expected.ts`:
 * Vue Router's route records (the Vue admin templates' router modules), React Router's route
 * objects and JSX routes, Angular's routes, and Astro's endpoints and pages.
 */
export const FRONTEND_EXPECTED: Readonly<Record<string, readonly string[]>> = {
  angular: [
    // Standalone routes (`loadComponent` a lazy module as written, or the class its `.then((m) => m.X)` takes, `path: ''` its parent's, `'**'` the fallback), NgModule
    // routes of `RouterModule.forRoot`/`forChild`; a route laying out children and a redirect are none, nor is a module
    // loaded by `loadChildren` (the layer graph mounts its routes there), nor a menu's item without a component.
    'src/app/app.routes.ts:8 http-route angular GET / -> ./features/article/pages/home/home.component',
    'src/app/app.routes.ts:12 http-route angular GET /login -> AuthComponent',
    'src/app/app.routes.ts:23 http-route angular GET /editor -> ./features/article/pages/editor/editor.component',
    'src/app/app.routes.ts:24 http-route angular GET /editor/:slug -> ./features/article/pages/editor/editor.component',
    'src/app/app.routes.ts:28 http-route angular GET /** -> NotFoundComponent',
    'src/app/features/profile/profile.routes.ts:9 http-route angular GET /:username -> ./components/profile-articles.component',
    'src/app/features/profile/profile.routes.ts:10 http-route angular GET /:username/favorites -> ./components/profile-favorites.component',
    'src/app/app-routing.module.ts:15 http-route angular GET /auth -> LoginComponent',
    'src/app/app-routing.module.ts:16 http-route angular GET /auth/login -> LoginComponent',
    'src/app/pages/charts/charts-routing.module.ts:11 http-route angular GET /echarts -> EchartsComponent',
  ],
  'vue-router': [
    // Route records of a router module (with `vue-router` or a router folder's that imports only its views), joined under their
    // parents; a layout's record and a redirect are none; a menu elsewhere is no router.
    'src/router/index.js:10 http-route vue-router GET /login -> @/views/login/index',
    'src/router/index.js:20 http-route vue-router GET /dashboard -> @/views/dashboard/index',
    'src/router/index.js:30 http-route vue-router GET /example/edit/:id(\\d+) -> @/views/example/edit',
    'src/router/index.js:31 http-route vue-router GET /absolute -> @/views/example/absolute',
    'src/router/modules/table.js:9 http-route vue-router GET /table/complex-table -> @/views/table/complex-table',
    'web/src/routes.ts:5 http-route vue-router GET / -> HomeView',
    'web/src/routes.ts:6 http-route vue-router GET /about -> ./views/AboutView.vue',
  ],
  'react-router-spa': [
    // Route objects of a data router (an index route at its parent's path, a lazy module as written; the layout `Root` none),
    // JSX routes nested under their parents (the `Layout` route none), and v5's.
    'src/main.tsx:12 http-route react-router GET / -> Index',
    'src/main.tsx:13 http-route react-router GET /contacts/:contactId -> Contact',
    'src/main.tsx:14 http-route react-router GET /settings -> ./routes/settings',
    'src/main.tsx:15 http-route react-router GET /profile -> Profile',
    // A lazy function that awaits its module in a block.
    'src/main.tsx:17 http-route react-router GET /landing -> ./routes/landing',
    'src/App.jsx:7 http-route react-router GET / -> Home',
    'src/App.jsx:8 http-route react-router GET /about -> About',
    'src/App.jsx:9 http-route react-router GET /dashboard/* -> Dashboard',
    'src/App.jsx:10 http-route react-router GET /old -> Navigate',
    'src/App.jsx:12 http-route react-router GET /* -> NoMatch',
    // A component under `app/routes` that imports React Router's hooks alone: a route only where its package
    // depends on Remix or React Router's framework mode (here none does: the layer graph drops it).
    'src/app/routes/landing.tsx:6 http-route {deps:@remix-run/=remix,@react-router/dev=react-router} GET /landing -> LandingRoute',
    'src/legacy/routes.js:3 http-route react-router GET /users/:id -> UserPage',
    'src/legacy/routes.js:8 http-route react-router GET / -> Home',
    'src/legacy/routes.js:9 http-route react-router GET /login -> Login',
    // Paths written as constants the file imports or declares, as the layer graph reads them (`{paths.home.path}`);
    // a name of anything else (`route.path` of a callback, `props.path`) names no route.
    'src/named-paths.tsx:8 http-route react-router GET /{paths.home.path} -> ./routes/landing',
    'src/named-paths.tsx:12 http-route react-router GET /{paths.app.root.path}/{paths.app.users.path} -> Users',
    'src/named-paths.tsx:14 http-route react-router GET /{LOCAL} -> Local',
    'src/named-paths.tsx:21 http-route react-router GET /{ROUTES.ADMIN} -> Admin',
  ],
  'vue-file-routes': [
    // Vue Router's file-based routing (unplugin-vue-router, vite-plugin-pages, Vue Router 5): a page with a `<route>` block,
    // `definePage()` or a typed route name is a route by itself; any other under `pages/` only where its package depends on a file-routing plugin or
    // Nuxt (the layer graph reads that); a component under `components/` never.
    'src/pages/about.vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET /about -> -',
    // A typed route name of the generated route map (`useRoute('/hi/[name]')`) marks one too.
    'src/pages/hi/[name].vue:1 http-route vue-router GET /hi/[name] -> -',
    'src/pages/index.vue:1 http-route vue-router GET / -> -',
    'src/pages/users/[id].vue:1 http-route vue-router GET /users/[id] -> -',
  ],
  astro: [
    // An underscored folder is not routed.
    'src/pages/api/index.ts:1 http-route astro * /api -> ALL',
    'src/pages/api/users/[id].ts:6 http-route astro GET /api/users/[id] -> GET',
    'src/pages/api/users/[id].ts:10 http-route astro DELETE /api/users/[id] -> DELETE',
    // Page components (`.astro` under `src/pages`), a component outside it and an underscored folder's not.
    'src/pages/blog/[slug].astro:1 http-route astro GET /blog/[slug] -> -',
    'src/pages/index.astro:1 http-route astro GET / -> -',
    'src/pages/rss.xml.js:3 http-route astro GET /rss.xml -> GET',
  ],
}
