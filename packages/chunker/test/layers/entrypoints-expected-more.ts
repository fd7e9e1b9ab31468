/**
 * More golden fixtures, in the shape of `entrypoints-expected.ts`: real apps' patterns found
 * missing or wrong there (Firefly III's group namespaces, koel's resources, maybe's Rails modules, djangoproject.com's URLconf package, redash's registration method, the Flask tutorial's app factory, eShopOnWeb's Razor Pages, handlers in lambdas that hand the request on, handlers on values made in the file, file-system routers of SvelteKit, Nuxt, Remix and Astro, routing-controllers, CleanArchitecture's handler-first endpoint groups, axum routers in variables and handlers in modules, axum services and generic handlers, Fiber v3's handler-first order, tRPC procedures, and one table entry each for Sanic, Bottle, aiohttp, Micronaut, Javalin, LoopBack and Rocket, Elysia, AdonisJS, Litestar, React Router's route configuration, Ktor's WebSocket and SSE routes, JavaScript paths with computed parts, Slim).
 */
export const MORE_EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'laravel-legacy': [
    'routes/api.php:8 http-route laravel GET /api/songs -> SongController.index',
    'routes/api.php:8 http-route laravel POST /api/songs -> SongController.store',
    'routes/api.php:8 http-route laravel GET /api/songs/{song} -> SongController.show',
    'routes/api.php:11 http-route laravel GET /api/playlist-folders/{playlist_folder}/playlists -> PlaylistFolderPlaylistController.index',
    'routes/api.php:11 http-route laravel POST /api/playlist-folders/{playlist_folder}/playlists -> PlaylistFolderPlaylistController.store',
    'routes/api.php:11 http-route laravel GET /api/playlist-folders/{playlist_folder}/playlists/{playlist} -> PlaylistFolderPlaylistController.show',
    'routes/api.php:11 http-route laravel PUT /api/playlist-folders/{playlist_folder}/playlists/{playlist} -> PlaylistFolderPlaylistController.update',
    'routes/api.php:11 http-route laravel PATCH /api/playlist-folders/{playlist_folder}/playlists/{playlist} -> PlaylistFolderPlaylistController.update',
    'routes/api.php:14 http-route laravel GET /api/themes -> ThemeController.index',
    // A path computed in a loop shows its computed part; a variable names no handler.
    'routes/api.php:17 http-route laravel GET /api/{$endpoint}{format?} -> -',
    'routes/api.php:17 http-route laravel POST /api/{$endpoint}{format?} -> -',
    'routes/web.php:7 http-route laravel GET /health -> FireflyIII\\Http\\Controllers\\System\\HealthcheckController.check',
    'routes/web.php:11 http-route laravel POST /login -> FireflyIII\\Http\\Controllers\\Auth\\LoginController.login',
    'routes/web.php:13 http-route laravel GET /admin/users -> FireflyIII\\Http\\Controllers\\Admin\\UserController.index',
    'routes/web.php:14 http-route laravel GET /admin/links -> FireflyIII\\Http\\Controllers\\Admin\\LinkController.index',
    'routes/web.php:16 http-route laravel GET /root -> Other\\RootController.show',
    'routes/web.php:21 http-route laravel GET /oauth/clients -> FireflyIII\\Http\\Controllers\\Profile\\OAuthController.listClients',
    'routes/web.php:24 http-route laravel GET /api/ping -> Api\\PingController.ping',
  ],
  // Classic and modular apps, sinatra-contrib's namespaces; a regular-expression route is not read; a class that names no Sinatra has no routes.
  sinatra: [
    'app.rb:10 http-route sinatra GET / -> -',
    'app.rb:14 http-route sinatra GET /hello/:name -> -',
    'app.rb:18 http-route sinatra POST /messages -> -',
    'app.rb:20 http-route sinatra DELETE /messages/:id -> -',
    'lib/api.rb:12 http-route sinatra GET /api/v1/users -> -',
    'lib/api.rb:20 http-route sinatra PUT /api/v1/admin/users/:id -> -',
    'lib/api.rb:25 http-route sinatra PATCH /api/v1/users/:id -> -',
    'lib/api.rb:30 http-route sinatra GET /health -> -',
    'routes/auth.rb:5 http-route sinatra POST /sign_in -> -',
  ],
  'rails-modules': [
    'config/routes.rb:4 http-route rails GET /settings/preferences -> settings/preferences#show',
    'config/routes.rb:5 http-route rails GET /settings/security -> settings/securities#show',
    'config/routes.rb:8 http-route rails GET /tags -> tags#index',
    'config/routes.rb:9 http-route rails GET /tags/:tag_id/deletions/new -> tag/deletions#new',
    'config/routes.rb:9 http-route rails POST /tags/:tag_id/deletions -> tag/deletions#create',
    'config/routes.rb:12 http-route rails GET /imports/:id -> imports#show',
    'config/routes.rb:13 http-route rails GET /imports/:import_id/upload -> import/uploads#show',
    'config/routes.rb:13 http-route rails PATCH /imports/:import_id/upload -> import/uploads#update',
    'config/routes.rb:13 http-route rails PUT /imports/:import_id/upload -> import/uploads#update',
    'config/routes.rb:16 http-route rails GET /transactions -> transactions#index',
    'config/routes.rb:17 http-route rails GET /transactions/:transaction_id/transfer_match/new -> transfer_matches#new',
    'config/routes.rb:17 http-route rails POST /transactions/:transaction_id/transfer_match -> transfer_matches#create',
    'config/routes.rb:21 http-route rails POST /webhooks/plaid -> webhooks#plaid',
    'config/routes.rb:22 http-route rails POST /webhooks/stripe-events -> webhooks#stripe_events',
    // A redirect has no controller; a path in a scope without a module or controller has none either.
    'config/routes.rb:23 http-route rails GET /webhooks/docs -> -',
    'config/routes.rb:27 http-route rails GET /api/ping -> -',
    // A scope's path without its slash is rooted all the same.
    'config/routes.rb:31 http-route rails GET /v2/health -> v2/status#health',
  ],
  'django-project': [
    'djangoproject/urls/www.py:7 http-route django * accounts/edit/ -> account_views.edit_profile',
    // Entries of lists the URLconf itself includes are under the including entry's route, as deep as they nest.
    'styleguide/urls.py:7 http-route django * google-oauth2/login/raw/callback/ -> views.GoogleLoginRedirectApi',
    'styleguide/urls.py:8 http-route django * google-oauth2/login/orders/<int:order_id>/items/ -> views.order_items',
    'styleguide/urls.py:18 http-route django * session/login/ -> views.UserSessionLoginApi',
    'styleguide/urls.py:19 http-route django * session/logout/ -> views.UserSessionLogoutApi',
    'styleguide/urls.py:26 http-route django * me/ -> views.UserMeApi',
  ],
  'flask-wrappers': [
    'api.py:19 http-route flask-restful * /api/alerts/<alert_id> -> AlertResource',
    'app/main/views.py:6 http-route flask GET /about -> about',
    'api.py:20 http-route flask-restful * /api/queries -> QueryListResource',
    'factory.py:16 http-route flask GET /hello -> create_app.hello',
    'factory.py:26 http-route flask GET /files/<path:name> -> create_blueprint.serve',
    'factory.py:26 http-route flask HEAD /files/<path:name> -> create_blueprint.serve',
  ],
  'razor-pages': [
    'Web/Areas/Identity/Pages/Account/Login.cshtml.cs:7 http-route razor-pages GET /Identity/Account/Login -> LoginModel.OnGetAsync',
    'Web/Areas/Identity/Pages/Account/Login.cshtml.cs:12 http-route razor-pages POST /Identity/Account/Login -> LoginModel.OnPostAsync',
    'Web/Pages/Basket/Index.cshtml.cs:9 http-route razor-pages GET /Basket -> IndexModel.OnGet',
    'Web/Pages/Basket/Index.cshtml.cs:14 http-route razor-pages POST /Basket -> IndexModel.OnPost',
    // A named handler is served at the page's path with `?handler=Update`.
    'Web/Pages/Basket/Index.cshtml.cs:19 http-route razor-pages POST /Basket?handler=Update -> IndexModel.OnPostUpdate',
    // A page model with no GET handler: the page still answers GET.
    'Web/Pages/Admin/Index.cshtml.cs:5 http-route razor-pages GET /Admin -> IndexModel',
    // A named GET handler answers `?handler=Export` only: the plain GET is the page's (a qualified base class too).
    'Web/Pages/Reports/Index.cshtml.cs:3 http-route razor-pages GET /Reports -> IndexModel',
    'Web/Pages/Reports/Index.cshtml.cs:5 http-route razor-pages GET /Reports?handler=Export -> IndexModel.OnGetExport',
  ],
  'delegating-lambdas': [
    'CatalogBrandListEndpoint.cs:8 http-route aspnet GET /api/catalog-brands -> HandleAsync',
    'Controllers/AccountController.cs:7 http-route aspnet GET /account/login -> AccountController.Login',
    'Controllers/UserController.cs:7 http-route aspnet GET /User -> UserController.GetCurrentUser',
    'Controllers/UserController.cs:11 http-route aspnet POST /User/Logout -> UserController.Logout',
    'Controllers/UserController.cs:15 http-route aspnet POST /signin -> UserController.SignIn',
    'Controllers/UserController.cs:22 http-route aspnet GET /Home/Index -> HomeController.Index',
    'CatalogBrandListEndpoint.cs:13 http-route aspnet GET /ping -> -',
    'CatalogBrandListEndpoint.cs:14 http-route aspnet POST /api/catalog-brands -> CreateAsync',
    'routes.js:5 http-route express GET /users -> controller.list',
    // A lambda that answers by itself has no handler of its own.
    'routes.js:6 http-route express GET /health -> -',
    'routes.js:7 http-route express POST /users -> controller.create',
  ],
  'typed-receivers': [
    'built-paths.route.ts:13 http-route express GET /users -> UserController.getUsers',
    'built-paths.route.ts:14 http-route express GET /users/:id(\\d+) -> UserController.getUserById',
    'built-paths.route.ts:15 http-route express GET /v1/health -> UserController.health',
    'router.go:12 http-route gin POST /register -> V1.register',
    'router.go:14 http-route gin POST /login -> handlers.AuthHandler.Login',
    // A receiver or parameter is typed where it is declared (by the graph), not here.
    'router.go:18 http-route gin GET /self -> r.register',
    'users.route.ts:13 http-route express POST /signup -> AuthController.signUp',
    'users.route.ts:14 http-route express GET /users -> UserController.getUsers',
    'users.route.ts:19 http-route express GET /users/:id -> controller.getUserById',
  ],
  'routing-controllers': [
    'src/HealthController.ts:6 http-route routing-controllers GET /health -> HealthController.health',
    'src/api/controllers/UserController.ts:18 http-route routing-controllers GET /users -> UserController.find',
    'src/api/controllers/UserController.ts:23 http-route routing-controllers GET /users/me -> UserController.findMe',
    'src/api/controllers/UserController.ts:28 http-route routing-controllers GET /users/:id -> UserController.one',
    'src/api/controllers/UserController.ts:34 http-route routing-controllers POST /users -> UserController.create',
    'src/api/controllers/UserController.ts:39 http-route routing-controllers PUT /users/:id -> UserController.update',
    'src/api/controllers/UserController.ts:44 http-route routing-controllers DELETE /users/:id -> UserController.delete',
  ],
  nuxt: [
    // `server/middleware` and `server/utils` are not routes; a method suffix names the method, none serves any.
    'server/api/auth/github.get.ts:1 http-route nuxt GET /api/auth/github -> default',
    'server/api/todos/[id].patch.ts:4 http-route nuxt PATCH /api/todos/[id] -> default',
    'server/api/todos/index.get.ts:3 http-route nuxt GET /api/todos -> default',
    'server/api/todos/stats.ts:3 http-route nuxt * /api/todos/stats -> default',
    'server/routes/sitemap.xml.ts:2 http-route nuxt * /sitemap.xml -> default',
  ],
  remix: [
    // A module with a loader or action is served by them; one with neither by its component (nested: only with its generated `./+types`).
    // `+shared` folders, `.server` modules and models are not routes; a loader or action may be re-exported.
    'app/routes/($lang).docs.$.tsx:5 http-route react-router GET /:lang?/docs/* -> loader',
    'app/routes/_auth/login.tsx:40 http-route react-router GET /login -> loader',
    'app/routes/_auth/login.tsx:45 http-route react-router POST /login -> action',
    'app/routes/_auth.sitemap[.]xml.tsx:2 http-route react-router GET /sitemap.xml -> loader',
    'app/routes/_index.tsx:8 http-route remix GET / -> Index',
    'app/routes/_marketing/index.tsx:30 http-route react-router GET / -> Index',
    'app/routes/admin/cache/sqlite.tsx:1 http-route react-router POST /admin/cache/sqlite -> action',
    'app/routes/healthcheck.tsx:6 http-route remix GET /healthcheck -> loader',
    'app/routes/logout.tsx:6 http-route remix POST /logout -> action',
    'app/routes/logout.tsx:9 http-route remix GET /logout -> loader',
    'app/routes/notes.$noteId/route.tsx:14 http-route remix GET /notes/:noteId -> loader',
    'app/routes/notes.$noteId/route.tsx:25 http-route remix POST /notes/:noteId -> action',
    // An action without a loader: the form's page still answers GET with its component.
    'app/routes/notes.new.tsx:4 http-route remix POST /notes/new -> action',
    'app/routes/notes.new.tsx:8 http-route remix GET /notes/new -> NewNotePage',
    'app/routes/notes._index.tsx:3 http-route remix GET /notes -> NoteIndexPage',
    'app/routes/notes.tsx:9 http-route remix GET /notes -> loader',
    'app/routes/users/$username/notes/_layout.tsx:11 http-route react-router GET /users/:username/notes -> loader',
    'app/routes/users/$username/notes/new.tsx:5 http-route react-router POST /users/:username/notes/new -> action',
    'app/routes/users/$username/notes/new.tsx:7 http-route react-router GET /users/:username/notes/new -> loader',
  ],
  sveltekit: [
    // Layout loads and `$lib` modules are not routes; each form action is a POST of its own.
    'src/routes/(api)/api/health/+server.ts:3 http-route sveltekit GET /api/health -> GET',
    'src/routes/(api)/api/health/+server.ts:7 http-route sveltekit POST /api/health -> POST',
    'src/routes/(api)/api/health/+server.ts:11 http-route sveltekit * /api/health -> fallback',
    // Handlers re-exported from another module.
    'src/routes/api/hooks/+server.ts:1 http-route sveltekit GET /api/hooks -> GET',
    'src/routes/api/hooks/+server.ts:2 http-route sveltekit POST /api/hooks -> handle',
    'src/routes/article/[slug]/+page.server.js:7 http-route sveltekit GET /article/[slug] -> load',
    'src/routes/article/[slug]/+page.server.js:21 http-route sveltekit POST /article/[slug]?/createComment -> actions.createComment',
    'src/routes/article/[slug]/+page.server.js:37 http-route sveltekit POST /article/[slug]?/deleteComment -> actions.deleteComment',
    'src/routes/article/[slug]/+page.server.js:46 http-route sveltekit POST /article/[slug]?/deleteArticle -> actions.deleteArticle',
    'src/routes/article/[slug]/+page.server.js:53 http-route sveltekit POST /article/[slug]?/toggleFavorite -> actions.toggleFavorite',
    'src/routes/login/+page.server.js:5 http-route sveltekit GET /login -> load',
    'src/routes/login/+page.server.js:11 http-route sveltekit POST /login -> actions.default',
    'src/routes/profile/+page.js:3 http-route sveltekit GET /profile -> load',
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
    'src/App.jsx:7 http-route react-router GET / -> Home',
    'src/App.jsx:8 http-route react-router GET /about -> About',
    'src/App.jsx:9 http-route react-router GET /dashboard/* -> Dashboard',
    'src/App.jsx:10 http-route react-router GET /old -> Navigate',
    'src/App.jsx:12 http-route react-router GET /* -> NoMatch',
    'src/legacy/routes.js:3 http-route react-router GET /users/:id -> UserPage',
    'src/legacy/routes.js:8 http-route react-router GET / -> Home',
    'src/legacy/routes.js:9 http-route react-router GET /login -> Login',
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
  'aspnet-endpoint-groups': [
    // Handler first, the pattern after it or none (CleanArchitecture's own `MapPut(handler, pattern)` extensions, which map no route themselves).
    'src/Web/Endpoints/TodoItems.cs:15 http-route aspnet POST / -> CreateTodoItem',
    'src/Web/Endpoints/TodoItems.cs:16 http-route aspnet PUT /{id} -> UpdateTodoItem',
    'src/Web/Endpoints/TodoItems.cs:17 http-route aspnet PATCH /UpdateDetail/{id} -> UpdateTodoItemDetail',
    'src/Web/Endpoints/TodoItems.cs:18 http-route aspnet DELETE /{id} -> DeleteTodoItem',
  ],
  'axum-modules': [
    // Handlers named by module paths or with a layer or state applied; a router held in a variable and nested.
    'src/http/articles/mod.rs:21 http-route axum POST /api/articles -> create_article',
    'src/http/articles/mod.rs:21 http-route axum GET /api/articles -> listing.list_articles',
    'src/http/articles/mod.rs:26 http-route axum GET /api/articles/feed -> listing.feed_articles',
    'src/http/articles/mod.rs:27 http-route axum GET /api/articles/:slug -> get_article',
    'src/http/articles/mod.rs:27 http-route axum PUT /api/articles/:slug -> update_article',
    'src/http/articles/mod.rs:27 http-route axum DELETE /api/articles/:slug -> delete_article',
    'src/http/articles/mod.rs:31 http-route axum POST /api/articles/:slug/favorite -> favorite_article',
    'src/http/articles/mod.rs:31 http-route axum DELETE /api/articles/:slug/favorite -> unfavorite_article',
    'src/http/articles/mod.rs:37 http-route axum GET /api/tags -> get_tags',
    'src/main.rs:9 http-route axum GET /admin -> admin_index',
    'src/main.rs:10 http-route axum GET /admin/keys -> kv_keys',
    'src/main.rs:12 http-route axum GET /health -> http.health.check',
  ],
  'axum-services': [
    // Services per method (also chained after a handler), on a route and nested under a prefix (any method); generic handlers given their types.
    'src/main.rs:11 http-route axum GET /api/files -> ServeDir.new',
    'src/main.rs:12 http-route axum GET /api/{key} -> kv_get',
    'src/main.rs:12 http-route axum POST /api/{key} -> kv_set',
    'src/main.rs:16 http-route axum POST /api/upload -> handle_upload',
    'src/main.rs:19 http-route axum GET /generic/users/{id} -> get_user',
    'src/main.rs:20 http-route axum POST /generic/users -> create_user',
    'src/main.rs:20 http-route axum DELETE /generic/users -> delete_user',
    'src/main.rs:22 http-route axum * /foo -> ServeFile.new',
    'src/main.rs:23 http-route axum GET /ping -> ping',
    'src/main.rs:24 http-route axum * /assets/* -> ServeDir.new',
  ],
  'fiber-v3': [
    // The handler is the last argument, after the middleware (auth-jwt's `auth.Post("/logout", middleware.Protected(), authHandler.Logout)`).
    'main.go:10 main go - - -> main',
    'main.go:13 http-route fiber GET /api/v1/messages -> listMessages',
    'main.go:14 http-route fiber POST /api/v1/messages -> createMessage',
  ],
  trpc: [
    // Procedures of router calls and router records, under the keys of routers made in place; the graph joins other routers' keys (`post.byId`). Vue Router's `createRouter` is none.
    'packages/api/src/router/post.ts:10 http-route trpc GET all -> postRouter.all',
    'packages/api/src/router/post.ts:17 http-route trpc GET byId -> postRouter.byId',
    'packages/api/src/router/post.ts:25 http-route trpc POST create -> postRouter.create',
    'packages/api/src/router/post.ts:31 http-route trpc POST delete -> postRouter.delete',
    'src/server/api/routers/admin.ts:7 http-route trpc GET stats -> adminRouter.stats',
    'src/server/api/routers/admin.ts:9 http-route trpc POST users.ban -> adminRouter.users.ban',
    'src/server/api/routers/admin.ts:11 http-route trpc GET onEvent -> adminRouter.onEvent',
    'src/server/api/routers/post.ts:18 http-route trpc GET hello -> postRouter.hello',
    'src/server/api/routers/post.ts:26 http-route trpc POST create -> postRouter.create',
    'src/server/api/routers/post.ts:37 http-route trpc GET getLatest -> postRouter.getLatest',
    // Procedures held by constants of the file (`{ list, rename: rename }`): procedures, not sub-routers.
    'src/server/api/routers/tag.ts:10 http-route trpc GET byId -> tagRouter.byId',
    'src/server/api/routers/tag.ts:10 http-route trpc GET list -> tagRouter.list',
    'src/server/api/routers/tag.ts:10 http-route trpc POST rename -> tagRouter.rename',
  ],
  sanic: [
    'server.py:8 http-route sanic GET / -> index',
    'server.py:13 http-route sanic POST /items -> items',
    'server.py:13 http-route sanic PUT /items -> items',
    'server.py:18 http-route sanic GET /users/<user_id:int> -> get_user',
  ],
  bottle: [
    'app.py:6 http-route bottle GET /hello/<name> -> hello',
    'app.py:11 http-route bottle GET /login -> login_form',
    'app.py:16 http-route bottle POST /login -> do_login',
    'app.py:21 http-route bottle GET /api/items -> items',
    'app.py:21 http-route bottle POST /api/items -> items',
  ],
  aiohttp: [
    // A client session's calls are not routes.
    'app.py:7 http-route aiohttp GET / -> hello',
    'app.py:22 http-route aiohttp GET /items -> handle',
    'app.py:22 http-route aiohttp POST /items -> create',
    'app.py:23 http-route aiohttp GET /health -> handle',
    'app.py:25 http-route aiohttp POST /format -> create',
    'polls/routes.py:6 http-route aiohttp GET / -> index',
    'polls/routes.py:7 http-route aiohttp POST /poll/{question_id}/vote -> vote',
    'polls/routes.py:8 http-route aiohttp DELETE /poll/{question_id} -> index',
  ],
  micronaut: [
    'src/main/java/example/micronaut/HelloController.java:10 http-route micronaut GET /hello -> HelloController.index',
    'src/main/java/example/micronaut/HelloController.java:15 http-route micronaut GET /hello/{name} -> HelloController.greet',
    'src/main/java/example/micronaut/HelloController.java:20 http-route micronaut POST /hello/echo -> HelloController.echo',
  ],
  javalin: [
    // A lambda that answers by itself names no handler; one that hands the request on names the method.
    'src/main/java/app/App.java:6 main java - - -> App.main',
    'src/main/java/app/App.java:8 http-route javalin GET / -> -',
    'src/main/java/app/App.java:9 http-route javalin GET /users -> UserController.getAll',
    'src/main/java/app/App.java:10 http-route javalin POST /users -> UserController.create',
    'src/main/java/app/App.java:11 http-route javalin DELETE /users/{id} -> UserController.delete',
  ],
  loopback: [
    'src/controllers/todo.controller.ts:9 http-route loopback POST /todos -> TodoController.create',
    'src/controllers/todo.controller.ts:14 http-route loopback GET /todos/{id} -> TodoController.findById',
    'src/controllers/todo.controller.ts:19 http-route loopback DELETE /todos/{id} -> TodoController.deleteById',
  ],
  // Starlette's routing tables: under the paths of the mounts around them; a class endpoint serves its methods' verbs (`*`), a WebSocket opens with a GET.
  starlette: [
    'app.py:33 http-route starlette GET / -> homepage',
    'app.py:37 http-route starlette GET /users/me -> user_me',
    'app.py:38 http-route starlette GET /users/{username} -> user',
    'app.py:39 http-route starlette POST /users/ -> create_user',
    'app.py:42 http-route starlette * /health -> Health',
    'app.py:43 http-route starlette GET /ws -> websocket_endpoint',
  ],
  rocket: [
    // Paths as each file declares them: the graph adds the mount's path (`routes![...]`).
    'src/main.rs:6 http-route rocket GET / -> index',
    'src/users.rs:3 http-route rocket GET / -> list',
    'src/users.rs:8 http-route rocket GET /<id> -> get',
    'src/users.rs:13 http-route rocket POST / -> create',
    // A route's query (`?<q>&<page>`, `?<params..>`) is no part of its path.
    'src/users.rs:18 http-route rocket GET /search -> search',
    'src/users.rs:23 http-route rocket GET /feed -> feed',
  ],
  elysia: [
    // The handler right after the path, hooks after it; prefixes of `new Elysia({ prefix })` chains and variables, and of `.group()` callbacks.
    'src/index.ts:6 http-route elysia GET / -> -',
    'src/index.ts:7 http-route elysia GET /user/:id -> -',
    'src/index.ts:8 http-route elysia POST /form -> -',
    'src/index.ts:11 http-route elysia GET /v1 -> -',
    'src/index.ts:12 http-route elysia POST /v1/sign-up -> signUp',
    'src/modules/guarded.ts:5 http-route elysia GET /do -> -',
    'src/modules/guarded.ts:6 http-route elysia GET /v2/ok -> -',
    'src/modules/user.ts:4 http-route elysia GET /user/profile -> getProfile',
    'src/modules/user.ts:5 http-route elysia POST /user/sign-in -> signIn',
    'src/modules/user.ts:11 http-route elysia GET /admin/stats -> getStats',
  ],
  adonisjs: [
    // v6 (`router`, `[Controller, 'method']`, lazy imports) and v5 (`Route`, `'Controller.method'`); group prefixes chained after the group; a resource's seven actions.
    'legacy/start/routes.ts:3 http-route adonisjs GET / -> -',
    'legacy/start/routes.ts:6 http-route adonisjs GET /admin/users -> UsersController.index',
    'legacy/start/routes.ts:7 http-route adonisjs PATCH /admin/users/:id -> UsersController.update',
    'start/routes.ts:13 http-route adonisjs GET / -> -',
    'start/routes.ts:17 http-route adonisjs GET /health -> HealthChecksController.handle',
    'start/routes.ts:21 http-route adonisjs GET /api/v1/users -> UsersController.index',
    'start/routes.ts:22 http-route adonisjs POST /api/v1/users -> UsersController.store',
    'start/routes.ts:23 http-route adonisjs GET /api/v1/posts -> PostsController.index',
    'start/routes.ts:23 http-route adonisjs GET /api/v1/posts/create -> PostsController.create',
    'start/routes.ts:23 http-route adonisjs POST /api/v1/posts -> PostsController.store',
    'start/routes.ts:23 http-route adonisjs GET /api/v1/posts/:id -> PostsController.show',
    'start/routes.ts:23 http-route adonisjs GET /api/v1/posts/:id/edit -> PostsController.edit',
    'start/routes.ts:23 http-route adonisjs PUT /api/v1/posts/:id -> PostsController.update',
    'start/routes.ts:23 http-route adonisjs PATCH /api/v1/posts/:id -> PostsController.update',
    'start/routes.ts:23 http-route adonisjs DELETE /api/v1/posts/:id -> PostsController.destroy',
  ],
  litestar: [
    // A controller's `path` attribute prefixes its handlers; the graph adds the `Router(path=...)` that lists it.
    'app/controllers/users.py:9 http-route litestar GET /users/{user_id:int} -> UserController.get_user',
    'app/controllers/users.py:13 http-route litestar POST /users -> UserController.create_user',
    'app/controllers/users.py:17 http-route litestar PUT /users/{user_id:int}/avatar -> UserController.set_avatar',
    'app/controllers/users.py:17 http-route litestar PATCH /users/{user_id:int}/avatar -> UserController.set_avatar',
    'app/main.py:6 http-route litestar GET /health -> health',
  ],
  'react-router-config': [
    // The configuration's routes, handled by the modules it names; the graph moves a module's own routes to its configured path (`/home` is served at `/`).
    'app/routes/home.tsx:7 http-route react-router GET /home -> loader',
    'app/routes.ts:4 http-route react-router GET / -> routes/home.tsx',
    'app/routes.ts:5 http-route react-router GET /about -> routes/about.tsx',
    'app/routes.ts:7 http-route react-router GET /login -> routes/auth/login.tsx',
    'app/routes.ts:8 http-route react-router GET /register -> routes/auth/register.tsx',
    'app/routes.ts:11 http-route react-router GET /concerts -> routes/concerts/home.tsx',
    'app/routes.ts:12 http-route react-router GET /concerts/:city -> routes/concerts/city.tsx',
    'app/routes.ts:13 http-route react-router GET /concerts/trending -> routes/concerts/trending.tsx',
    'app/routes.ts:13 http-route react-router GET /concerts/trending/week -> routes/concerts/week.tsx',
  ],
  'ktor-websockets': [
    // A WebSocket or server-sent-event stream opens with a GET.
    'src/main/kotlin/Sockets.kt:13 http-route ktor GET /ws/chat -> -',
    'src/main/kotlin/Sockets.kt:19 http-route ktor GET /events -> -',
  ],
  'express-computed': [
    // On a router the file makes, a part it does not define is a computed part; an HTTP client's URL is no route.
    'src/app.ts:7 http-route express GET /{process.env.BASE_PATH}/health -> -',
    'src/app.ts:8 http-route express POST /{API_PREFIX}/v1/{API_PREFIX}/users -> createUser',
    'src/app.ts:20 http-route express GET /healthz -> -',
    'src/app.ts:21 http-route express GET /{API_PREFIX}/v1/{ROUTES.USERS} -> listUsers',
  ],
  slim: [
    // slim-skeleton's routes file; a closure names no handler, an invokable action its class.
    'app/routes.php:13 http-route slim OPTIONS /{routes:.*} -> -',
    'app/routes.php:18 http-route slim GET / -> -',
    'app/routes.php:24 http-route slim GET /users -> ListUsersAction',
    'app/routes.php:25 http-route slim GET /users/{id} -> ViewUserAction',
    'app/routes.php:26 http-route slim POST /users -> UserController.create',
    'legacy/routes.php:7 http-route slim GET /home -> HomeController.home',
    'legacy/routes.php:8 http-route slim POST /login -> AuthController.login',
  ],
  nextjs: [
    'app/(shop)/cart/route.ts:1 http-route nextjs POST /cart -> POST',
    'app/api/orders/[id]/route.ts:5 http-route nextjs GET /api/orders/[id] -> GET',
    'app/api/orders/[id]/route.ts:9 http-route nextjs DELETE /api/orders/[id] -> DELETE',
    'app/api/auth/[...nextauth]/route.ts:6 http-route nextjs GET /api/auth/[...nextauth] -> handler',
    'app/api/auth/[...nextauth]/route.ts:6 http-route nextjs POST /api/auth/[...nextauth] -> handler',
    // Handlers re-exported from a module of the app's own (older create-t3-turbo).
    'app/api/items/route.ts:2 http-route nextjs GET /api/items -> GET',
    'app/api/items/route.ts:2 http-route nextjs POST /api/items -> POST',
    'app/api/v5/[...nextauth]/route.ts:3 http-route nextjs GET /api/v5/[...nextauth] -> handlers.GET',
    'app/api/v5/[...nextauth]/route.ts:3 http-route nextjs POST /api/v5/[...nextauth] -> handlers.POST',
    'app/(marketing)/pricing/page.tsx:5 http-route nextjs GET /pricing -> PricingPage',
    'app/dashboard/[team]/settings/page.tsx:1 http-route nextjs GET /dashboard/[team]/settings -> SettingsPage',
    // Metadata routes written as code: the sitemap at /sitemap.xml, an image at its own name.
    'app/sitemap.ts:3 http-route nextjs GET /sitemap.xml -> sitemap',
    'app/blog/[slug]/opengraph-image.tsx:1 http-route nextjs GET /blog/[slug]/opengraph-image -> Image',
    // An intercepting route in a parallel slot serves the URL it intercepts.
    'app/@modal/(.)photo/[id]/page.tsx:1 http-route nextjs GET /photo/[id] -> PhotoModal',
    'pages/api/auth/[...nextauth].ts:6 http-route nextjs * /api/auth/[...nextauth] -> default',
    'pages/api/users/index.ts:3 http-route nextjs * /api/users -> handler',
    'pages/blog/[slug].tsx:3 http-route nextjs GET /blog/[slug] -> Post',
    'pages/index.tsx:5 http-route nextjs GET / -> Home',
    // A page that names nothing of Next's: Next's when its package depends on `next` (the layer graph reads that; a Vite SPA's `pages/` is none).
    'spa/pages/About.tsx:4 http-route {deps:next=nextjs} GET /About -> About',
  ],
}
