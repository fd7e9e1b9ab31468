/**
 * More golden fixtures, in the shape of `entrypoints-expected.ts`: real apps' patterns found
 * missing or wrong there (Firefly III's group namespaces, koel's resources, maybe's Rails modules, djangoproject.com's URLconf package, redash's registration method, the Flask tutorial's app factory, eShopOnWeb's Razor Pages, handlers in lambdas that hand the request on, handlers on values made in the file).
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
  ],
  'django-project': ['djangoproject/urls/www.py:7 http-route django * accounts/edit/ -> account_views.edit_profile'],
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
    'Web/Pages/Basket/Index.cshtml.cs:19 http-route razor-pages POST /Basket -> IndexModel.OnPostUpdate',
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
}
