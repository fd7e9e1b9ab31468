import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** The HTTP routes of one Rust file: `line method route -> handler`. */
async function routesOf(content: string): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path: 'src/main.rs', content, format: 'code' })
  return layers.entrypoints.filter((e) => e.kind === 'http-route').map((e) => `${e.startLine} ${e.method} ${e.route} -> ${e.handler || '-'}`)
}

describe('Rust routers', () => {
  it('names a generic handler given its type by its own name, also with a layer on it', async () => {
    const routes = await routesOf(`use axum::{routing::{get, post}, Router};
fn app() -> Router {
    Router::new()
        .route("/raw", post(upload::<Vec<u8>>.layer(CompressionLayer::new())))
        .route("/forever", get(std::future::pending::<()>))
}
`)
    expect(routes).toEqual(['4 POST /raw -> upload', '5 GET /forever -> std.future.pending'])
  })

  it('puts routers nested through variables under every nest around them (axum benches.rs)', async () => {
    const routes = await routesOf(`use axum::{routing::get, Router};
fn app() -> Router {
    let users = Router::new().route("/{id}", get(get_user));
    let api = Router::new().nest("/users", users);
    Router::new().nest("/api", api)
}
`)
    expect(routes).toEqual(['3 GET /api/users/{id} -> get_user'])
  })

  it("names an actix-web generic handler by its own name", async () => {
    const routes = await routesOf(`use actix_web::{web, App};
fn config(cfg: &mut web::ServiceConfig) {
    cfg.route("/users", web::get().to(list_users::<Postgres>));
}
`)
    expect(routes).toEqual(['3 GET /users -> list_users'])
  })

  it('serves a service nested at the root under every path, and takes no router nested as a service for a route', async () => {
    const routes = await routesOf(`use axum::{routing::get, Router};
use tower_http::services::ServeDir;
fn app() -> Router {
    Router::new()
        .nest_service("/", ServeDir::new("."))
        .nest_service("/api", Router::new().route("/x", get(x)))
}
`)
    expect(routes).toContain('5 * /* -> ServeDir.new')
    expect(routes.filter((route) => route.startsWith('6 '))).toEqual(['6 GET /api/x -> x'])
  })

  it('puts the routes of a router written in place in a nest under its path, nests in nests too, on one line or several', async () => {
    const routes = await routesOf(`use axum::{routing::get, Router};
fn app() -> Router {
    let api = Router::new().nest("/api", Router::new().route("/users", get(list)));
    Router::new()
        .route("/", get(index))
        .nest(
            "/v1",
            Router::<AppState>::new()
                .route("/items", get(items))
                .nest_service("/admin", Router::new().route("/stats", get(stats))),
        )
        .route("/health", get(health))
        .nest("/public", api)
}
`)
    // In file order of the chains' starts: the outer chain's routes first.
    expect(routes).toEqual(['3 GET /public/api/users -> list', '5 GET / -> index', '12 GET /health -> health', '9 GET /v1/items -> items', '10 GET /v1/admin/stats -> stats'])
  })

  it('nests a router handed to nest_service as nest does (made in place, held in a variable, built by a function), and keeps a service a route', async () => {
    const routes = await routesOf(`use axum::{routing::get, Router};
use tower_http::services::{ServeDir, ServeFile};
fn users() -> Router {
    Router::new().route("/users", get(list))
}
fn assets() -> ServeDir {
    ServeDir::new("assets")
}
fn app(admin: Router) -> Router {
    let api = Router::new().route("/items", get(items));
    let built = users();
    let dir = ServeDir::new("dist").not_found_service(ServeFile::new("dist/index.html"));
    let service = handle_404.into_service();
    Router::new()
        .nest_service("/api", api)
        .nest_service("/v1", built)
        .nest_service("/v2", users())
        .nest_service("/v3", crate::api::routes())
        .nest_service("/admin", admin)
        .nest_service("/dist", dir)
        .nest_service("/assets", assets())
        .nest_service("/static", ServeDir::new("static"))
        .nest_service("/missing", service)
        .nest_service("/upload", get(upload))
        .nest_service("/other", crate::other::handler())
}
`)
    expect(routes).toEqual([
      '4 GET /users -> list',
      '10 GET /api/items -> items',
      '20 * /dist/* -> dir',
      '21 * /assets/* -> assets',
      '22 * /static/* -> ServeDir.new',
      '23 * /missing/* -> service',
      '24 GET /upload/* -> upload',
      // Another module's function not named like a router builder: either; kept as the service it may be.
      '25 * /other/* -> crate.other.handler',
    ])
  })

  it("serves a router's fallback at every path under the router's prefix, not a method router's nor a service's", async () => {
    const routes = await routesOf(`use axum::{routing::get, Router};
use tower_http::services::{ServeDir, ServeFile};
fn app() -> Router {
    let api = Router::new()
        .route("/users", get(list))
        .fallback(api_not_found);
    let app = Router::new()
        .route("/", get(index).fallback(other_methods))
        .nest("/api", api)
        .fallback_service(ServeDir::new("dist").fallback(ServeFile::new("dist/index.html")));
    let app = app.fallback(handler_404);
    Router::new().nest("/v2", Router::new().fallback(|| async { "v2" }))
}
`)
    expect(routes).toEqual([
      '5 GET /api/users -> list',
      '6 * /api/* -> api_not_found',
      '8 GET / -> index',
      '10 * /* -> ServeDir.new',
      '11 * /* -> handler_404',
      '12 * /v2/* -> -',
    ])
  })

  it("serves axum's method_not_allowed_fallback at each path the router registered a method router on before it, for the methods none of them serves", async () => {
    const routes = await routesOf(`use axum::{routing::{any, get}, Router};
fn app() -> Router {
    let api = Router::new()
        .route("/users", get(list).post(create))
        .route("/health", any(health))
        .route_service("/static", ServeDir::new("static"))
        .method_not_allowed_fallback(handle_405)
        .route("/late", get(late));
    let app = Router::new()
        .route("/", get(hello_world))
        .fallback(default_fallback);
    let app = app.method_not_allowed_fallback(handle_405);
    app.nest("/api", api)
}
`)
    expect(routes).toEqual([
      '4 GET /api/users -> list',
      '4 POST /api/users -> create',
      '5 * /api/health -> health',
      '6 * /api/static -> ServeDir.new',
      '8 GET /api/late -> late',
      '7 * /api/users -> handle_405',
      '10 GET / -> hello_world',
      '11 * /* -> default_fallback',
      '12 * / -> handle_405',
    ])
  })

  it("serves actix-web's default_service: an app's and a ServiceConfig's at every path, a scope's under its path, a resource's at its path for the methods its routes do not serve", async () => {
    const routes = await routesOf(`use actix_web::{web, App, HttpResponse};
fn app() -> App {
    App::new()
        .service(
            web::resource("/resource2/index.html")
                .default_service(web::route().to(HttpResponse::MethodNotAllowed))
                .route(web::get().to(index_async)),
        )
        .service(web::scope("/proxy").default_service(web::to(forward_reqwest)))
        .service(web::scope("/api").service(web::scope("/v1").route("/x", web::get().to(x))).default_service(web::to(api_missing)))
        .default_service(web::to(default_handler))
}
fn config(cfg: &mut web::ServiceConfig) {
    cfg.default_service(web::to(|| async { HttpResponse::NotFound() }));
}
`)
    expect(routes).toEqual([
      '6 * /resource2/index.html -> HttpResponse.MethodNotAllowed',
      '7 GET /resource2/index.html -> index_async',
      '11 * /* -> default_handler',
      '9 * /proxy/* -> forward_reqwest',
      '10 * /api/* -> api_missing',
      '10 GET /api/v1/x -> x',
      '14 * /* -> -',
    ])
  })
})
