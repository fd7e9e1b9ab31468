import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const FIXTURES = fileURLToPath(new URL('../fixtures/entrypoints/', import.meta.url))
const chunker = createLayeredChunker()

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files(path, out)
    else out.push(path)
  }
  return out
}

/** Every entrypoint found in one fixture folder: `line kind framework method route -> handler`. */
async function entrypointsOf(folder: string): Promise<string[]> {
  const out: string[] = []
  for (const absolute of files(join(FIXTURES, folder))) {
    const path = relative(FIXTURES, absolute)
    const { layers } = await chunker.chunkWithLayers({ path, content: readFileSync(absolute, 'utf8'), format: 'code' })
    for (const e of layers.entrypoints) {
      out.push(`${path.slice(folder.length + 1)}:${e.startLine} ${e.kind} ${e.framework} ${e.method || '-'} ${e.route || '-'} -> ${e.handler || '-'}`)
    }
  }
  return out
}

/**
 * One fixture per framework, written from the framework's documented patterns with decoys
 * (settings getters, middleware, hooks, error handlers, `std::process::Command`, ...); every
 * route, command, main and job listed by hand. All must be found, and nothing else.
 */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  express: [
    'server.js:12 http-route express GET / -> -',
    'server.js:13 http-route express * /health -> healthCheck',
    'server.js:15 http-route express GET /api/orders -> listOrders',
    'server.js:16 http-route express POST /api/orders -> createOrder',
    'server.js:17 http-route express DELETE /api/orders/:id -> -',
    'server.js:24 http-route express GET /api/books/:isbn -> getBook',
    'server.js:25 http-route express PUT /api/books/:isbn -> updateBook',
    'browser-test.ts:7 http-route express GET / -> -',
    'routes/users.route.js:21 http-route express GET / -> controller.list',
    'routes/users.route.js:28 http-route express POST / -> controller.create',
  ],
  fastify: [
    'plugin.ts:4 http-route fastify GET /users -> -',
    'plugin.ts:6 http-route fastify GET /users/:id -> getUser',
    'plugin.ts:8 http-route fastify PUT /users/:id -> updateUser',
    'plugin.ts:8 http-route fastify PATCH /users/:id -> updateUser',
    'routes/tags.js:7 http-route fastify GET {options.prefix}tags -> onGetTags',
    'routes/tags.js:13 http-route fastify PUT /tags/:tag -> onChangeTag',
    'routes/tags.js:13 http-route fastify DELETE /tags/:tag -> onChangeTag',
  ],
  hono: [
    'app.ts:9 http-route hono GET / -> -',
    'app.ts:10 http-route hono GET /api/posts -> listPosts',
    'app.ts:11 http-route hono POST /api/posts -> -',
    'app.ts:12 http-route hono PURGE /cache -> -',
    'todos.ts:8 http-route hono GET /todos -> -',
    'todos.ts:15 http-route hono POST /todos -> -',
    'todos.ts:22 http-route hono POST /todos/:id/complete -> -',
    'todos.ts:28 http-route hono DELETE /todos/:id -> -',
  ],
  koa: [
    'routes.js:7 http-route koa GET /v1/ -> -',
    'routes.js:10 http-route koa GET /v1/users/:id -> showUser',
    'routes.js:11 http-route koa POST /v1/users -> createUser',
  ],
  nestjs: [
    'cats.controller.ts:8 http-route nestjs POST /cats -> CatsController.create',
    'cats.controller.ts:13 http-route nestjs GET /cats -> CatsController.findAll',
    'cats.controller.ts:18 http-route nestjs GET /cats/:id -> CatsController.findOne',
    'cats.controller.ts:23 http-route nestjs PUT /cats/:id -> CatsController.update',
    'cats.controller.ts:28 http-route nestjs DELETE /cats/:id -> CatsController.remove',
  ],
  nextjs: [
    'app/(shop)/cart/route.ts:1 http-route nextjs POST /cart -> POST',
    'app/api/orders/[id]/route.ts:5 http-route nextjs GET /api/orders/[id] -> GET',
    'app/api/orders/[id]/route.ts:9 http-route nextjs DELETE /api/orders/[id] -> DELETE',
    'app/(marketing)/pricing/page.tsx:5 http-route nextjs GET /pricing -> PricingPage',
    'app/dashboard/[team]/settings/page.tsx:1 http-route nextjs GET /dashboard/[team]/settings -> SettingsPage',
    'pages/api/auth/[...nextauth].ts:6 http-route nextjs * /api/auth/[...nextauth] -> default',
    'pages/api/users/index.ts:3 http-route nextjs * /api/users -> handler',
    'pages/blog/[slug].tsx:3 http-route nextjs GET /blog/[slug] -> Post',
    'pages/index.tsx:5 http-route nextjs GET / -> Home',
  ],
  flask: [
    'app.py:7 http-route flask GET / -> index',
    'app.py:12 http-route flask GET /login -> login',
    'app.py:12 http-route flask POST /login -> login',
    'app.py:19 http-route flask GET /items/<int:item_id> -> show_item',
    'app.py:24 http-route flask GET /admin/users -> admin_users',
    'auth/routes.py:8 http-route flask GET /login -> login',
    'auth/routes.py:8 http-route flask POST /login -> login',
    'auth/routes.py:14 http-route flask POST /logout -> logout',
    'auth/views.py:10 http-route flask POST /reset -> reset_password',
    'auth/views.py:11 http-route flask * /profile -> ProfileView',
    'views.py:19 http-route flask * /api/users/<int:id> -> UserAPI',
    'views.py:20 http-route flask GET /api/ping -> ping',
    'views.py:20 http-route flask HEAD /api/ping -> ping',
  ],
  'flask-restful': [
    'api.py:18 http-route flask-restful * /todos -> TodoList',
    'api.py:19 http-route flask-restful * /todos/<todo_id> -> Todo',
    'api.py:19 http-route flask-restful * /todo/<todo_id> -> Todo',
    'blueprint.py:17 http-route flask-restx GET /api/1/todos/<string:todo_id> -> Todo.get',
    'blueprint.py:23 http-route flask-restx POST /api/1/jobs/ -> TaskList.post',
    'blueprint.py:29 http-route flask-restful * /v0/todo/<todo_id> -> Todo',
    'reassigned.py:7 http-route flask-restful * /one -> Foo',
    'reassigned.py:12 http-route flask-restful * /two -> Foo',
    'restx.py:7 http-route flask-restx GET /todos/ -> TodoList.get',
    'restx.py:7 http-route flask-restx POST /todos/ -> TodoList.post',
    'restx.py:19 http-route flask-restx DELETE /todos/<int:id> -> Todo.delete',
    'restx.py:19 http-route flask-restx DELETE /todos/<string:slug> -> Todo.delete',
    'restx.py:28 http-route flask-restx GET /manage/stats -> Stats.get',
  ],
  fastapi: [
    'main.py:7 http-route fastapi GET / -> root',
    'main.py:12 http-route fastapi GET /items/ -> read_items',
    'main.py:17 http-route fastapi POST /items/ -> create_item',
    'main.py:22 http-route fastapi GET /items/{item_id} -> read_item',
    'main.py:27 http-route fastapi GET /ping -> ping',
    'main.py:27 http-route fastapi HEAD /ping -> ping',
    'main.py:49 http-route fastapi GET /items/orders -> list_orders',
    'main.py:50 http-route fastapi POST /items/orders -> create_order',
  ],
  django: [
    'urls.py:9 http-route django * articles/2003/ -> views.special_case_2003',
    'urls.py:10 http-route django * articles/<int:year>/ -> views.year_archive',
    'urls.py:11 http-route django * articles/<int:year>/<int:month>/ -> views.MonthArchiveView',
    'urls.py:12 http-route django * ^articles/(?P<year>[0-9]{4})/$ -> views.year_archive',
    'api/inline_urls.py:10 http-route django-rest-framework POST api/comments/(?P<uuid>[0-9a-f-]{36})/flag/$ -> CommentViewSet.flag',
    'api/inline_urls.py:14 http-route django-rest-framework GET api/comments/mine/$ -> CommentViewSet.mine',
    'api/inline_urls.py:20 http-route django-rest-framework * api/comments/$ -> CommentViewSet',
    'api/inline_urls.py:20 http-route django-rest-framework * api/comments/(?P<uuid>[0-9a-f-]{36})/$ -> CommentViewSet',
    'api/views.py:9 http-route django-rest-framework POST (?P<slug>[^/.]+)/favorite/$ -> ArticleViewSet.favorite',
    'api/views.py:9 http-route django-rest-framework DELETE (?P<slug>[^/.]+)/favorite/$ -> ArticleViewSet.favorite',
    'api/views.py:13 http-route django-rest-framework GET feed/$ -> ArticleViewSet.recent',
    'api/views.py:24 http-route django-rest-framework POST (?P<user>[^/]+)/follow/$ -> ProfileViewSet.follow',
    'api/urls.py:7 http-route django-rest-framework * ^articles$ -> ArticleViewSet',
    'api/urls.py:7 http-route django-rest-framework * ^articles/(?P<pk>[^/.]+)$ -> ArticleViewSet',
    'api/urls.py:8 http-route django-rest-framework * ^profiles$ -> ProfileViewSet',
    'api/urls.py:8 http-route django-rest-framework * ^profiles/(?P<pk>[^/.]+)$ -> ProfileViewSet',
    'api/urls.py:11 http-route django-rest-framework * v2/tags/$ -> TagViewSet',
    'api/urls.py:11 http-route django-rest-framework * v2/tags/(?P<pk>[^/.]+)/$ -> TagViewSet',
  ],
  gin: [
    'main.go:9 main go - - -> main',
    'main.go:13 http-route gin GET /ping -> -',
    'main.go:19 http-route gin POST /v1/login -> loginEndpoint',
    'main.go:20 http-route gin GET /v1/users/:id -> getUser',
    'main.go:23 http-route gin DELETE /v1/admin/users/:id -> deleteUser',
  ],
  fiber: [
    'main.go:10 main go - - -> main',
    'main.go:14 http-route fiber GET / -> -',
    'main.go:20 http-route fiber GET /api/v1/books -> listBooks',
    'main.go:21 http-route fiber POST /api/v1/books -> createBook',
    'main.go:22 http-route fiber DELETE /api/v1/books/:id -> deleteBook',
    'main.go:23 http-route fiber * /proxy/* -> proxy',
    'main.go:40 http-route fiber GET /admin/stats -> stats',
  ],
  echo: [
    'server.go:10 main go - - -> main',
    'server.go:14 http-route echo GET / -> -',
    'server.go:17 http-route echo POST /users -> saveUser',
    'server.go:20 http-route echo GET /admin/stats -> stats',
  ],
  chi: [
    'main.go:10 main go - - -> main',
    'main.go:14 http-route chi GET / -> -',
    'main.go:19 http-route chi GET /articles/ -> ListArticles',
    'main.go:20 http-route chi POST /articles/ -> CreateArticle',
    'main.go:24 http-route chi GET /articles/{articleID}/ -> GetArticle',
    'main.go:25 http-route chi PUT /articles/{articleID}/ -> UpdateArticle',
    'main.go:26 http-route chi DELETE /articles/{articleID}/ -> DeleteArticle',
    'main.go:31 http-route chi PATCH /settings -> http.HandlerFunc',
    'main.go:36 http-route chi GET /stats -> Stats',
    'main.go:37 http-route chi GET /v2/health -> Health',
    'main.go:53 http-route chi GET /accounts -> ListAccounts',
  ],
  laravel: [
    'routes/api.php:6 http-route laravel GET /api/users/{id} -> UserController.show',
    'routes/api.php:7 http-route laravel POST /api/users -> UserController.store',
    'routes/api.php:9 http-route laravel GET /api/admin/stats -> -',
    'routes/api.php:12 http-route laravel GET /api/admin/photos -> PhotoController.index',
    'routes/api.php:12 http-route laravel POST /api/admin/photos -> PhotoController.store',
    'routes/api.php:12 http-route laravel GET /api/admin/photos/{photo} -> PhotoController.show',
    'routes/api.php:12 http-route laravel PUT /api/admin/photos/{photo} -> PhotoController.update',
    'routes/api.php:12 http-route laravel PATCH /api/admin/photos/{photo} -> PhotoController.update',
    'routes/api.php:12 http-route laravel DELETE /api/admin/photos/{photo} -> PhotoController.destroy',
    'routes/api.php:15 http-route laravel DELETE /api/v2/items/{item} -> ItemController.destroy',
    'routes/api.php:17 http-route laravel GET /api/posts/{post}/comments -> CommentController.index',
    'routes/api.php:17 http-route laravel GET /api/posts/{post}/comments/{comment} -> CommentController.show',
    'routes/web.php:4 http-route laravel GET / -> -',
    'routes/web.php:7 http-route laravel GET /contact -> ContactController.handle',
    'routes/web.php:7 http-route laravel POST /contact -> ContactController.handle',
    'routes/web.php:8 http-route laravel GET /categories -> CategoryController.index',
    'routes/web.php:8 http-route laravel POST /categories -> CategoryController.store',
    'routes/web.php:8 http-route laravel GET /categories/{category} -> CategoryController.show',
    'routes/web.php:8 http-route laravel PUT /categories/{category} -> CategoryController.update',
    'routes/web.php:8 http-route laravel PATCH /categories/{category} -> CategoryController.update',
    'routes/web.php:8 http-route laravel DELETE /categories/{category} -> CategoryController.destroy',
    'routes/web.php:16 http-route laravel GET /articles -> ArticleController.index',
    'routes/web.php:16 http-route laravel POST /articles -> ArticleController.store',
    'routes/web.php:16 http-route laravel GET /articles/{article} -> ArticleController.show',
    'routes/web.php:16 http-route laravel DELETE /articles/{article} -> ArticleController.destroy',
    'routes/web.php:17 http-route laravel GET /articles/{article}/comments -> CommentController.index',
    'routes/web.php:17 http-route laravel DELETE /articles/{article}/comments/{comment} -> CommentController.destroy',
    'routes/web.php:19 http-route laravel GET /forum -> ThreadsController.overview',
    'routes/web.php:21 http-route laravel GET /rules -> -',
    'routes/web.php:22 http-route laravel * /dashboard -> -',
    'routes/web.php:23 http-route laravel POST /tokens -> OAuthController.store',
    'routes/web.php:24 http-route laravel POST /register -> RegisterController.register',
    'routes/web.php:25 http-route laravel GET /settings -> ProfileController.edit',
    'routes/web.php:27 http-route laravel GET /home -> HomeController.index',
    'routes/web.php:29 http-route laravel GET /admin/users -> AdminController.users',
    'routes/web.php:33 http-route laravel GET /orders/{id} -> OrderController.show',
  ],
  rails: [
    'config/routes.rb:2 http-route rails GET / -> home#index',
    'config/routes.rb:3 http-route rails GET /about -> pages#about',
    'config/routes.rb:4 http-route rails POST /login -> sessions#create',
    'config/routes.rb:6 http-route rails GET /articles -> articles#index',
    'config/routes.rb:6 http-route rails GET /articles/:id -> articles#show',
    'config/routes.rb:7 http-route rails GET /articles/:article_id/comments -> comments#index',
    'config/routes.rb:7 http-route rails POST /articles/:article_id/comments -> comments#create',
    'config/routes.rb:7 http-route rails GET /articles/:article_id/comments/:id -> comments#show',
    'config/routes.rb:7 http-route rails DELETE /articles/:article_id/comments/:id -> comments#destroy',
    'config/routes.rb:9 http-route rails POST /articles/:id/publish -> articles#publish',
    'config/routes.rb:11 http-route rails GET /articles/search -> articles#search',
    'config/routes.rb:14 http-route rails GET /profile -> profiles#show',
    'config/routes.rb:14 http-route rails PATCH /profile -> profiles#update',
    'config/routes.rb:14 http-route rails PUT /profile -> profiles#update',
    'config/routes.rb:18 http-route rails GET /api/v1/users -> api/v1/users#index',
    'config/routes.rb:23 http-route rails GET /debug -> debug#show',
    'config/routes.rb:23 http-route rails POST /debug -> debug#show',
    'config/routes.rb:27 http-route rails GET /admin/stats -> admin/stats#index',
    'config/routes.rb:31 http-route rails GET /api/profiles/:username -> profiles#show',
    'config/routes.rb:32 http-route rails POST /api/profiles/:profile_username/follow -> follows#create',
    'config/routes.rb:37 http-route rails GET /messages -> messages#index',
    'config/routes.rb:37 http-route rails POST /messages -> messages#create',
    'config/routes.rb:37 http-route rails DELETE /messages/:id -> messages#destroy',
    'config/routes.rb:38 http-route rails GET /login/set_new_password -> login#set_new_password',
    'config/routes.rb:38 http-route rails POST /login/set_new_password -> login#set_new_password',
    'config/routes.rb:39 http-route rails POST /stories/fetch_url_attributes -> stories#fetch_url_attributes',
    'config/routes.rb:41 http-route rails GET /mod -> mod/activities#index',
    'config/routes.rb:42 http-route rails GET /mod/notes -> mod/notes#index',
  ],
  symfony: [
    'BlogController.php:12 http-route symfony GET /blog -> BlogController.index',
    'BlogController.php:18 http-route symfony GET /blog/{slug} -> BlogController.show',
    'BlogController.php:18 http-route symfony HEAD /blog/{slug} -> BlogController.show',
    'BlogController.php:24 http-route symfony POST /blog/new -> BlogController.create',
  ],
  aspnet: [
    'Controllers/TodoItemsController.cs:9 http-route aspnet GET /api/TodoItems -> TodoItemsController.GetTodoItems',
    'Controllers/TodoItemsController.cs:12 http-route aspnet GET /api/TodoItems/{id:long} -> TodoItemsController.GetTodoItem',
    'Controllers/TodoItemsController.cs:15 http-route aspnet POST /api/TodoItems/Import -> TodoItemsController.Import',
    'Controllers/TodoItemsController.cs:18 http-route aspnet DELETE /api/TodoItems/{id} -> TodoItemsController.DeleteTodoItem',
    'Program.cs:4 http-route aspnet GET / -> -',
    'Program.cs:7 http-route aspnet GET /todos/{id} -> GetTodo',
    'Program.cs:8 http-route aspnet POST /todos/ -> -',
  ],
  nethttp: [
    'main.go:9 main go - - -> main',
    'main.go:11 http-route net/http GET /items/{id} -> getItem',
    'main.go:12 http-route net/http * /healthz -> -',
    'main.go:15 http-route net/http * /static/ -> http.StripPrefix',
    'gorilla.go:11 http-route net/http GET /articles/{id} -> getArticle',
    'gorilla.go:12 http-route net/http POST /articles -> saveArticle',
    'gorilla.go:12 http-route net/http PUT /articles -> saveArticle',
    'gorilla.go:14 http-route net/http * /api/health -> health',
    'gorilla.go:16 http-route net/http DELETE /api/v1/users/{id} -> getUser',
    'main.go:16 http-route net/http * / -> home',
    'other_router.go:22 http-route net/http POST /upload -> upload',
    'other_router.go:23 http-route net/http * example.com/ -> http.NotFoundHandler',
  ],
  spring: [
    'OrderController.java:13 http-route spring GET /api/orders -> OrderController.list',
    'OrderController.java:18 http-route spring GET /api/orders/{id} -> OrderController.get',
    'OrderController.java:23 http-route spring POST /api/orders -> OrderController.create',
    'OrderController.java:28 http-route spring PUT /api/orders/{id} -> OrderController.update',
    'OrderController.java:28 http-route spring PATCH /api/orders/{id} -> OrderController.update',
    'OrderController.java:33 http-route spring DELETE /api/orders/{id} -> OrderController.delete',
    'OrderApi.kt:9 http-route spring GET /api/v2/orders -> OrderApi.list',
    'OrderApi.kt:12 http-route spring GET /api/v2/orders/{id} -> OrderApi.get',
    'OrderApi.kt:15 http-route spring POST /api/v2/orders -> OrderApi.create',
    'OrderApi.kt:18 http-route spring PUT /api/v2/orders/{id} -> OrderApi.update',
    'OrderApi.kt:18 http-route spring PATCH /api/v2/orders/{id} -> OrderApi.update',
    'OrderApi.kt:30 http-route spring GET /health -> HealthApi.health',
  ],
  jaxrs: [
    'UserResource.java:9 http-route jax-rs GET /users -> UserResource.list',
    'UserResource.java:14 http-route jax-rs GET /users/{id} -> UserResource.get',
    'UserResource.java:20 http-route jax-rs POST /users -> UserResource.create',
    'UserResource.java:26 http-route jax-rs DELETE /users/{id} -> UserResource.delete',
    'GreetingResource.kt:13 http-route jax-rs GET /hello -> GreetingResource.hello',
    'GreetingResource.kt:16 http-route jax-rs GET /hello/greeting/{name} -> GreetingResource.greeting',
    'GreetingResource.kt:20 http-route jax-rs POST /hello -> GreetingResource.create',
  ],
  axum: [
    'main.rs:7 main rust - - -> main',
    'main.rs:10 http-route axum GET / -> root',
    'main.rs:11 http-route axum POST /users -> create_user',
    'main.rs:11 http-route axum GET /users -> list_users',
    'main.rs:12 http-route axum GET /users/:id -> show_user',
    'main.rs:12 http-route axum DELETE /users/:id -> delete_user',
  ],
  actix: [
    'main.rs:3 http-route actix-web GET / -> hello',
    'main.rs:8 http-route actix-web POST /echo -> echo',
    'main.rs:21 main rust - - -> main',
    'main.rs:27 http-route actix-web GET /hey -> manual_hello',
    'main.rs:28 http-route actix-web POST /index.html -> index',
    'routes.rs:5 http-route actix-web * / -> index',
    'routes.rs:8 http-route actix-web POST /api/users -> register',
    'routes.rs:12 http-route actix-web GET /api/admin/stats -> stats',
    'routes.rs:14 http-route actix-web GET /api/tags -> tags',
    'routes.rs:16 http-route actix-web GET /health -> health',
  ],
  commander: [
    'cli.ts:10 cli-command commander - serve -> serve',
    'cli.ts:16 cli-command commander - clone -> -',
    'cli.ts:21 cli-command commander - db -> -',
    'cli.ts:22 cli-command commander - migrate -> migrate',
  ],
  yargs: [
    'cli.js:5 cli-command yargs - serve -> serveHandler',
    'cli.js:6 cli-command yargs - build -> -',
    'cli.js:7 cli-command yargs - deploy -> deploy',
    'cmds/init.js:3 cli-command yargs - init -> handler',
    'cmds/serve.cjs:1 cli-command yargs - serve -> handler',
  ],
  argparse: [
    'tool.py:13 cli-command argparse - tool -> -',
    'tool.py:17 cli-command argparse - init -> cmd_init',
    'tool.py:21 cli-command argparse - status -> cmd_status',
    'tool.py:28 main python - - -> main',
    'wrapped.py:5 cli-command argparse - hooks -> -',
    'wrapped.py:13 cli-command argparse - autoupdate -> -',
    'wrapped.py:17 cli-command argparse - clean -> -',
  ],
  click: [
    'cli.py:4 cli-command click - cli -> cli',
    'cli.py:9 cli-command click - hello -> hello',
    'cli.py:15 cli-command click - init-db -> initdb',
    'cli.py:20 cli-command click - drop_db -> dropdb',
    'cli.py:25 cli-command click - sync-orders -> sync_orders',
    'cli.py:34 main python - - -> cli',
  ],
  typer: [
    'main.py:5 cli-command typer - users -> users_app',
    'main.py:8 cli-command typer - hello -> hello',
    'main.py:13 cli-command typer - bye -> goodbye',
    'main.py:18 cli-command typer - create-user -> create_user',
    'main.py:28 main python - - -> app',
  ],
  cobra: [
    'root.go:11 cli-command cobra - hugo -> -',
    'root.go:19 cli-command cobra - version -> printVersion',
    'root.go:25 cli-command cobra - server -> runServer',
  ],
  'clap-derive': [
    'main.rs:7 cli-command clap - git -> Cli',
    'main.rs:15 cli-command clap - clone -> Commands::Clone',
    'main.rs:21 cli-command clap - push -> Commands::Push',
    'main.rs:23 cli-command clap - add -> Commands::Add',
    'main.rs:25 cli-command clap - ls-files -> Commands::ListFiles',
    'main.rs:26 cli-command clap - stash-pop -> Commands::StashPop',
    'main.rs:40 main rust - - -> main',
  ],
  'clap-builder': [
    'main.rs:4 cli-command clap - git -> -',
    'main.rs:8 cli-command clap - clone -> -',
    'main.rs:12 cli-command clap - push -> -',
    'main.rs:15 main rust - - -> main',
  ],
  ktor: [
    'Application.kt:9 http-route ktor GET / -> -',
    'Application.kt:13 http-route ktor POST /api/orders -> -',
    'Application.kt:15 http-route ktor GET /api/orders/{id} -> -',
    'Application.kt:16 http-route ktor DELETE /api/orders/{id} -> -',
    'Application.kt:28 http-route ktor GET /customer -> -',
    'Application.kt:31 http-route ktor PUT /customer/{id?} -> -',
  ],
  mains: [
    'App.java:4 main java - - -> App.main',
    'Main.kt:3 main kotlin - - -> main',
    'Main.kt:10 main kotlin - - -> Migrate.main',
    'hello.kts:5 main kotlin - - -> main',
    'Program.cs:5 main csharp - - -> Program.Main',
    'main.c:5 main c - - -> main',
    'script.rb:5 main ruby - - -> run',
  ],
  scheduled: [
    'ReportJobs.java:8 scheduled spring - 0 0 6 * * * -> ReportJobs.dailyReport',
    'ReportJobs.java:11 scheduled spring - fixedRate=5000 -> ReportJobs.heartbeat',
    'CleanupJobs.kt:8 scheduled spring - 0 */15 * * * * -> CleanupJobs.purgeSessions',
    'CleanupJobs.kt:11 scheduled spring - fixedDelay=60000 -> CleanupJobs.compact',
    'cron.js:3 scheduled node-cron - */5 * * * * -> cleanup',
    'tasks.service.ts:6 scheduled nestjs - 45 * * * * * -> TasksService.handleCron',
    'tasks.service.ts:9 scheduled nestjs - 10000 -> TasksService.handleInterval',
    'tasks.py:7 scheduled celery - send_welcome_email -> send_welcome_email',
    'tasks.py:12 scheduled celery - billing.charge -> charge',
    'jobs.py:8 scheduled apscheduler - interval minutes=3 -> timed_job',
    'jobs.py:13 scheduled apscheduler - cron day_of_week=mon-fri hour=17 -> scheduled_job',
    'jobs.py:18 scheduled apscheduler - cron hour=6 -> send_report',
    'jobs.py:19 scheduled apscheduler - date run_date=2030-01-01 -> -',
    'cron.go:11 scheduled robfig/cron - 30 * * * * -> cleanup',
    'cron.go:12 scheduled robfig/cron - @every 1h30m -> -',
    'cron.go:13 scheduled robfig/cron - @daily -> reportJob',
    'worker.ts:6 scheduled bullmq - emails -> sendEmail',
    'worker.ts:8 scheduled bullmq - thumbnails -> -',
  ],
}

describe('entrypoint detectors (C3) on one golden fixture per framework', () => {
  it('has a fixture for every framework of the issue, and an expectation for every fixture', () => {
    const folders = readdirSync(FIXTURES).sort()
    expect(folders).toEqual(Object.keys(EXPECTED).sort())
  })

  for (const [folder, expected] of Object.entries(EXPECTED)) {
    it(`finds exactly the hand-listed entrypoints of ${folder}`, async () => {
      const found = await entrypointsOf(folder)
      const byLine = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true })
      expect([...found].sort(byLine)).toEqual([...expected].sort(byLine))
    })
  }
})
