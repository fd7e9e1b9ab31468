/**
 * Golden entrypoints of more HTTP fixtures (see `entrypoints-expected.ts` for the format): Go
 * routes registered in a file that imports no framework, on a router another package made (the
 * layer graph names the framework `{deps:...}` from the module's `go.mod`); Javalin's shapes
 * from javalin-samples; Micronaut's from micronaut-realworld; hapi's route objects; Java Servlets.
 */
export const HTTP_EXPECTED: Record<string, readonly string[]> = {
  // An inline handler that calls something with a callback, or on its own destructured parameter, names no handler.
  'callback-handlers': [
    'routes.js:6 http-route express GET /count -> -',
    'routes.js:12 http-route express GET /now -> -',
    'routes.js:14 http-route express GET /users -> User.list',
  ],
  'go-module': [
    'main.go:11 main go - - -> main',
    'main.go:13 http-route {deps:github.com/gin-gonic/gin=gin,github.com/labstack/echo=echo} GET /swagger/* -> echoSwagger.WrapHandler',
    'main.go:15 http-route {deps:github.com/gin-gonic/gin=gin,github.com/labstack/echo=echo} POST /api/users -> handlers.SignUp',
    'router.go:8 http-route echo GET /health -> health',
  ],
  // hapi's route objects, handed to `server.route()` or kept in an exported table (a module that imports nothing of hapi:
  // the graph names the framework from `package.json`); a list of methods gives a route each; the handler in place (`-`),
  // named, inside route options, or the `handler` of the options another module exports (`Users.insert.handler`); a
  // request's options without a handler, a `pre` method and a relative path are none.
  hapi: [
    'API/Users/route/index.js:5 http-route {deps:@hapi/hapi=hapi,hapi=hapi} POST /Users/insert -> Users.insert.handler',
    'API/Users/route/index.js:6 http-route {deps:@hapi/hapi=hapi,hapi=hapi} GET /Users/{id} -> Users.findById',
    'lib/server.js:8 http-route hapi GET / -> -',
    'lib/server.js:10 http-route hapi * /{any*} -> notFound',
    'lib/plugins/users.js:8 http-route {deps:@hapi/hapi=hapi,hapi=hapi} GET / -> Handlers.list',
    'lib/plugins/users.js:10 http-route {deps:@hapi/hapi=hapi,hapi=hapi} PUT /{id} -> Handlers.update',
    'lib/plugins/users.js:10 http-route {deps:@hapi/hapi=hapi,hapi=hapi} PATCH /{id} -> Handlers.update',
  ],
  // Grape's APIs: verbs (a symbol, a string or no path) under the class's `prefix` and path `version` (a header version adds
  // none) and its `resource`, `namespace` and `route_param` blocks; helpers, `params` blocks and a `begin` a line assigns add nothing. (The layer graph
  // puts a mounted API's routes under its mount: `/api/v1/statuses/...`.)
  grape: [
    'app/api/root.rb:9 http-route grape GET /api/ping -> -',
    'app/api/v1/statuses.rb:13 http-route grape GET /v1/statuses/public_timeline -> -',
    'app/api/v1/statuses.rb:21 http-route grape GET /v1/statuses/:id -> -',
    'app/api/v1/statuses.rb:26 http-route grape POST /v1/statuses -> -',
    'app/api/v1/statuses.rb:30 http-route grape DELETE /v1/statuses/:id -> -',
    'app/api/v1/admin.rb:13 http-route grape GET /users -> -',
  ],
  // Spark Java's static verbs under `path(...)` blocks, as Javalin's ApiBuilder; `before` filters and `notFound` are none.
  spark: [
    'src/main/java/app/Application.java:8 main java - - -> Application.main',
    'src/main/java/app/Application.java:13 http-route spark GET /hello -> -',
    'src/main/java/app/Application.java:15 http-route spark GET /api/books -> BookController.fetchAllBooks',
    'src/main/java/app/Application.java:16 http-route spark POST /api/books -> BookController.createBook',
    'src/main/java/app/Application.java:18 http-route spark DELETE /api/books/:isbn -> BookController.deleteBook',
  ],
  // CodeIgniter 4's routes file: its verbs (`add` any method) on `$routes`, under a group's path (options before the callback,
  // a group's `/` at its path), handlers as strings (their arguments dropped), joined or in a list; a closure names none;
  // a cache's `get` is no route.
  codeigniter: [
    'app/Config/Routes.php:11 http-route codeigniter GET / -> Home.index',
    'app/Config/Routes.php:12 http-route codeigniter GET /news/(:segment) -> News.show',
    'app/Config/Routes.php:13 http-route codeigniter POST /news -> News.create',
    'app/Config/Routes.php:14 http-route codeigniter * /legacy -> Legacy.index',
    'app/Config/Routes.php:17 http-route codeigniter GET /admin -> Admin.Dashboard.index',
    'app/Config/Routes.php:18 http-route codeigniter DELETE /admin/users/(:num) -> Admin.Users.delete',
    'app/Config/Routes.php:21 http-route codeigniter GET /ping -> -',
    // Resources: the controller's seven actions (`only`, `except` as a list or a string, a `placeholder`, a `controller`).
    'app/Config/Routes.php:27 http-route codeigniter GET /photos -> Photos.index',
    'app/Config/Routes.php:27 http-route codeigniter GET /photos/(:num) -> Photos.show',
    'app/Config/Routes.php:29 http-route codeigniter POST /api/users -> Api.UserController.create',
    'app/Config/Routes.php:29 http-route codeigniter GET /api/users -> Api.UserController.index',
    'app/Config/Routes.php:29 http-route codeigniter GET /api/users/(:segment) -> Api.UserController.show',
    'app/Config/Routes.php:29 http-route codeigniter PUT /api/users/(:segment) -> Api.UserController.update',
    'app/Config/Routes.php:29 http-route codeigniter PATCH /api/users/(:segment) -> Api.UserController.update',
    'app/Config/Routes.php:29 http-route codeigniter DELETE /api/users/(:segment) -> Api.UserController.delete',
  ],
  // FastEndpoints: an endpoint class's `Configure()` declares its paths (several at once, or `Verbs` with `Routes`), handled
  // by its `HandleAsync` or `ExecuteAsync`; also in a file without a `using` (a project's `global using`); a mapper's
  // `Configure()` declares nothing. (`RoutePrefix` is a global prefix the layer graph applies.)
  fastendpoints: [
    'Program.cs:3 main csharp - - -> -',
    'Features/Users/CreateUser.cs:7 http-route fastendpoints POST /users/create -> CreateUserEndpoint.HandleAsync',
    'Features/Users/CreateUser.cs:7 http-route fastendpoints POST /users/new -> CreateUserEndpoint.HandleAsync',
    'Features/Users/UpdateUser.cs:6 http-route fastendpoints PUT /users/{id} -> UpdateUserEndpoint.ExecuteAsync',
    'Features/Users/UpdateUser.cs:6 http-route fastendpoints PATCH /users/{id} -> UpdateUserEndpoint.ExecuteAsync',
  ],
  // Falcon's `add_route`: for any method, handled by the resource's class (also one a name holds); the layer graph gives
  // one route per responder (`on_get`, `on_get_item` with `suffix="item"`). A relative template is none.
  falcon: [
    'app.py:14 http-route falcon * /things -> ThingsResource',
    'app.py:15 http-route falcon * /things/{thing_id} -> ThingResource',
    'app.py:16 http-route falcon * /health -> HealthResource',
  ],
  // restify's verbs (`del` as DELETE) on its server; an HTTP client's `client.get('/status', cb)` is a request.
  restify: [
    'server.js:12 http-route restify GET /hello/:name -> respond',
    'server.js:13 http-route restify HEAD /hello/:name -> respond',
    'server.js:14 http-route restify DELETE /users/:id -> users.remove',
    'server.js:15 http-route restify POST /users -> users.create',
  ],
  // Beego: a controller for any method (the graph reads its `Get`, `Post`, ... methods), or the methods its mapping names;
  // `NSRouter` under its namespaces' paths; a functional route on the package.
  beego: [
    'routers/router.go:11 http-route beego * / -> controllers.MainController',
    'routers/router.go:12 http-route beego GET /api/food -> controllers.FoodController.ListFood',
    'routers/router.go:12 http-route beego POST /api/food -> controllers.FoodController.SaveFood',
    'routers/router.go:12 http-route beego PUT /api/food -> controllers.FoodController.SaveFood',
    'routers/router.go:14 http-route beego * /v1/users -> controllers.UserController.All',
    'routers/router.go:16 http-route beego * /v1/shop/info -> controllers.ShopController',
    'routers/router.go:20 http-route beego GET /ping -> -',
  ],
  // Iris: its verbs (`Any` for any method) on an app or a `Party("/users")` (its `/` at the party's path); the handler is the last.
  iris: [
    'main.go:11 main go - - -> main',
    'main.go:13 http-route iris GET / -> -',
    'main.go:16 http-route iris GET /users -> listUsers',
    'main.go:17 http-route iris POST /users -> createUser',
    'main.go:18 http-route iris * /ping -> -',
  ],
  // julienschmidt/httprouter: its verbs, `Handle` and `HandlerFunc` with the method first (`ServeFiles` serves files, no handler of the project).
  httprouter: [
    'main.go:21 main go - - -> main',
    'main.go:23 http-route httprouter GET / -> Index',
    'main.go:24 http-route httprouter GET /hello/:name -> Hello',
    'main.go:25 http-route httprouter DELETE /hello/:name -> Hello',
    'main.go:26 http-route httprouter GET /health -> health',
  ],
  // Vert.x Web: `router.get("/x").handler(...)` (also `blockingHandler`, `route(HttpMethod.DELETE, ...)`, `route("/")` for any
  // method); `this::getAll` is the class's method; a route handled by one of Vert.x's handler factories is middleware.
  vertx: [
    'src/main/java/io/vertx/blog/MyFirstVerticle.java:14 http-route vertx * / -> -',
    'src/main/java/io/vertx/blog/MyFirstVerticle.java:17 http-route vertx GET /api/whiskies -> MyFirstVerticle.getAll',
    'src/main/java/io/vertx/blog/MyFirstVerticle.java:18 http-route vertx POST /api/whiskies -> MyFirstVerticle.addOne',
    'src/main/java/io/vertx/blog/MyFirstVerticle.java:19 http-route vertx GET /api/whiskies/:id -> MyFirstVerticle.getOne',
    'src/main/java/io/vertx/blog/MyFirstVerticle.java:20 http-route vertx DELETE /api/whiskies/:id -> MyFirstVerticle.deleteOne',
  ],
  // Quart: Flask's decorators, a blueprint's prefix, `add_url_rule`, and `@app.websocket` as a `GET`.
  quart: [
    'app/__init__.py:9 http-route quart GET / -> index',
    'app/__init__.py:14 http-route quart GET /items/<int:item_id> -> item',
    'app/__init__.py:14 http-route quart DELETE /items/<int:item_id> -> item',
    'app/__init__.py:19 http-route quart GET /ws -> ws',
    'app/__init__.py:29 http-route quart GET /ping -> ping',
    'app/api.py:6 http-route quart POST /api/todos -> create_todo',
  ],
  // `@WebServlet` classes: a route per URL pattern and `doGet`/`doPost`/... method, handled by it; a servlet answering in
  // `service` any method; one named without a pattern (mapped in `web.xml`) none.
  servlet: [
    'src/main/java/com/example/web/HelloServlet.java:11 http-route servlet GET /hello -> HelloServlet.doGet',
    'src/main/java/com/example/web/HelloServlet.java:16 http-route servlet POST /hello -> HelloServlet.doPost',
    'src/main/java/com/example/web/OrderServlet.java:9 http-route servlet * /orders -> OrderServlet',
    'src/main/java/com/example/web/OrderServlet.java:9 http-route servlet * /orders/* -> OrderServlet',
  ],
  // Javalin's ApiBuilder (`path(...)` blocks, a verb without a path), Kotlin's lambdas, roles after the handler; a map's
  // `put("books", ...)`, a cache's `delete("/old", ctx)` are no routes (`Model.java`, `Model2.java`).
  'elysia-values': [
    'app.ts:7 http-route elysia GET /v1/static -> -',
    'app.ts:8 http-route elysia GET /v1/obj -> -',
    'app.ts:9 http-route elysia GET /v1/tpl -> -',
    'app.ts:10 http-route elysia GET /v1/* -> -',
    'app.ts:11 http-route elysia GET /v1/chat -> -',
  ],
  // SvelteKit's page components: each `+page.svelte` is its folder's page, on GET (groups do not show); a layout is none.
  'sveltekit-pages': ['src/routes/(app)/settings/+page.svelte:1 http-route sveltekit GET /settings -> -', 'src/routes/+page.svelte:1 http-route sveltekit GET / -> -', 'src/routes/about/+page.svelte:1 http-route sveltekit GET /about -> -'],
  'nest-reexports': ['src/cats.controller.ts:7 http-route nestjs GET /cats -> CatsController.findAll'],
  'javalin-more': [
    'src/Api.java:5 main java - - -> Api.main',
    'src/Api.java:8 http-route javalin GET /users -> UserController.getAll',
    'src/Api.java:10 http-route javalin POST /items -> ItemController.create',
    'src/Api.java:12 http-route javalin DELETE /items/{id} -> ItemController.delete',
    'src/Api.java:17 http-route javalin GET /v4 -> -',
    'src/App.kt:3 main kotlin - - -> main',
    'src/App.kt:5 http-route javalin GET /write -> -',
    'src/App.kt:6 http-route javalin POST /users -> UserController.create',
    'src/App.kt:7 http-route javalin GET /plain -> -',
    'src/Roles.java:4 main java - - -> Roles.main',
    'src/Roles.java:6 http-route javalin GET /users -> UserController.getAll',
    'src/Roles.java:7 http-route javalin POST /users -> -',
    'src/Vue.kt:3 main kotlin - - -> main',
    'src/Vue.kt:5 http-route javalin GET /api/users -> UserController.getAll',
  ],
  // Micronaut: `@Get("/")` serves the controller's path as `@Get` does; a declarative `@Client`'s methods and MyBatis's
  // `@Options` beside Micronaut's annotations are no routes.
  'micronaut-more': [
    'src/main/java/demo/ArticlesController.java:8 http-route micronaut GET /articles -> ArticlesController.list',
    'src/main/java/demo/ArticlesController.java:11 http-route micronaut GET /articles -> ArticlesController.list2',
  ],
  tanstack: [
    // Pathless `_auth`, the `(app)` group and `posts_`'s trailing `_` are not in the URL; an index route is its parent's URL.
    'routes/_auth.dashboard.tsx:4 http-route tanstack-router GET /dashboard -> Dashboard',
    'routes/posts.$postId.tsx:3 http-route tanstack-router GET /posts/$postId -> PostComponent',
    'routes/posts.index.tsx:4 http-route tanstack-router GET /posts -> -',
    'routes/posts_.$postId.edit.tsx:3 http-route tanstack-router GET /posts/$postId/edit -> EditPost',
    // A splat `$` (the rest of the URL) as `*`.
    'routes/files.$.tsx:3 http-route tanstack-router GET /files/* -> FileViewer',
    // Server routes: their handlers' methods, no page; the lazy half of a route and a project helper named alike: none.
    'routes/api.health.ts:4 http-route tanstack-start GET /api/health -> -',
    'routes/api.users.ts:5 http-route tanstack-start GET /api/users -> listUsers',
    'routes/api.users.ts:5 http-route tanstack-start POST /api/users -> -',
  ],
  'nuxt-pages': [
    // Page components by their path, named Nuxt's by the layer graph when the package depends on it; a component folder's `pages/` is none.
    'app/pages/settings.vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET /settings -> -',
    'pages/(marketing)/about.vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET /about -> -',
    'pages/blog/[...slug].vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET /blog/[...slug] -> -',
    'pages/index.vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET / -> -',
    'pages/users/[id].vue:1 http-route {deps:nuxt=nuxt,unplugin-vue-router=vue-router,vite-plugin-pages=vue-router} GET /users/[id] -> -',
  ],
  'django-ninja': [
    // A router's routes under the path the API adds it at in the same file (`add_router('/events/', router)`); a URLconf's `path('api/', api.urls)` mounts the API (the layer graph).
    'app/api.py:7 http-route django-ninja GET /hello -> hello',
    'app/api.py:12 http-route django-ninja POST /events/items/{item_id} -> update_item',
    'app/api.py:17 http-route django-ninja POST /events/mixed -> mixed',
    'app/api.py:17 http-route django-ninja PATCH /events/mixed -> mixed',
    'app/api.py:22 http-route django-ninja PUT /keyed -> keyed',
  ],
  tornado: [
    // Each rule of a table at its own line, for any method (the layer graph splits it by the handler class's methods).
    'app.py:23 http-route tornado * / -> MainHandler',
    'app.py:24 http-route tornado * /items/([0-9]+) -> ItemHandler',
    'app.py:25 http-route tornado * /story/([^/]+) -> StoryHandler',
    'app.py:32 http-route tornado * /stats -> MainHandler',
    // An `Application` subclass passes the list it assigned to `__init__`.
    'blog.py:8 http-route tornado * / -> HomeHandler',
    'blog.py:9 http-route tornado * /entry/([^/]+) -> EntryHandler',
    'blog.py:17 http-route tornado * /old -> HomeHandler',
  ],
  lumen: [
    // Lumen's route file registers on `$router`, under its groups' prefixes; a `$router` outside the route files is no router.
    'routes/web.php:5 http-route laravel GET / -> -',
    'routes/web.php:10 http-route laravel GET /api/authors -> AuthorController.showAllAuthors',
    'routes/web.php:11 http-route laravel GET /api/authors/{id} -> AuthorController.showOneAuthor',
    'routes/web.php:12 http-route laravel POST /api/authors -> AuthorController.create',
    'routes/web.php:13 http-route laravel DELETE /api/authors/{id} -> AuthorController.delete',
  ],
  'gorilla-wrappers': [
    // Calls of the file's own wrappers of `HandleFunc(path, f).Methods(...)`, the handler through its adapter; the wrappers themselves are none.
    'app/app.go:17 http-route net/http GET /projects -> handler.GetAllProjects',
    'app/app.go:18 http-route net/http POST /projects -> handler.CreateProject',
    'app/app.go:19 http-route net/http DELETE /projects/{title} -> handler.DeleteProject',
    'app/app.go:20 http-route net/http * /health -> health',
  ],
  'dart-frog': [
    // Each route file's `onRequest`, at its path, for any method; middleware files are none.
    'routes/index.dart:3 http-route dart_frog * / -> onRequest',
    'routes/users/[id].dart:5 http-route dart_frog * /users/[id] -> onRequest',
  ],
  shelf: [
    // Cascades on a `Router()` the call scan does not read; a client's `http.get(uri)` is none.
    'bin/server.dart:18 http-route shelf_router GET /helloworld -> _helloWorldHandler',
    'bin/server.dart:19 http-route shelf_router GET /time -> -',
    'bin/server.dart:23 http-route shelf_router GET /sum/<a|[0-9]+>/<b|[0-9]+> -> _sumHandler',
    'bin/server.dart:10 main dart - - -> main',
    'lib/users.dart:9 http-route shelf_router GET / -> _list',
    'lib/users.dart:10 http-route shelf_router POST /<id> -> -',
    'lib/users.dart:11 http-route shelf_router * /<ignored|.*> -> -',
    // shelf_router_generator's annotations.
    'lib/users.dart:19 http-route shelf_router GET /say-hi/<name> -> Service.sayHi',
    'lib/users.dart:22 http-route shelf_router DELETE /wave -> Service.wave',
  ],
  vapor: [
    // Verbs with a trailing closure (no path: the builder's own) or `use:`, path components as arguments, `on(.METHOD, ...)`.
    'Sources/App/routes.swift:5 http-route vapor GET / -> -',
    'Sources/App/routes.swift:9 http-route vapor GET /hello -> -',
    'Sources/App/routes.swift:13 http-route vapor GET /users/:userID -> showUser',
    'Sources/App/routes.swift:14 http-route vapor PATCH /users/:userID -> updateUser',
    // Under `grouped(...)` builders, a middleware group keeping its parent's path.
    'Sources/App/routes.swift:17 http-route vapor POST /api/v1/login -> login',
    'Sources/App/routes.swift:19 http-route vapor GET /api/v1/me -> -',
    // Groups made in a chain, the registration's own or a builder's.
    'Sources/App/routes.swift:24 http-route vapor GET /admin/stats -> stats',
    'Sources/App/routes.swift:26 http-route vapor GET /api/blogs -> listBlogs',
    // A route function's, on its parameter (the graph puts it under `/api/v1`, where `adminRoutes(api)` hands it).
    'Sources/App/routes.swift:34 http-route vapor GET /audit -> audit',
    // A collection's routes, under `grouped` and nested `group(...) { b in }` closures (the graph puts them under `/api/v1`).
    'Sources/App/Controllers/TodoController.swift:8 http-route vapor GET /todos -> self.index',
    'Sources/App/Controllers/TodoController.swift:9 http-route vapor POST /todos -> self.create',
    'Sources/App/Controllers/TodoController.swift:11 http-route vapor GET /todos/:todoID -> show',
    'Sources/App/Controllers/TodoController.swift:12 http-route vapor DELETE /todos/:todoID -> self.delete',
    'Sources/App/Controllers/TodoController.swift:14 http-route vapor GET /todos/:todoID/tags -> self.tags',
  ],
}
