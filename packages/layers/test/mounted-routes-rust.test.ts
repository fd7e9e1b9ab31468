import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

describe('routes of Rust routers nested in others', () => {
  it('serves actix-web handlers added by name inside a scope under its path, in the same file and from another module', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "app"\n',
        'src/main.rs': [
          'use actix_web::{get, web, App, HttpResponse, HttpServer, Responder};',
          'mod handlers;',
          '#[get("/users/{id}")]',
          'async fn get_user() -> impl Responder { HttpResponse::Ok().body("u") }',
          '#[get("/health")]',
          'async fn health() -> impl Responder { HttpResponse::Ok().body("ok") }',
          '#[actix_web::main]',
          'async fn main() -> std::io::Result<()> {',
          '    HttpServer::new(|| App::new().service(health).service(web::scope("/api").service(get_user).service(handlers::list_items)))',
          '        .bind(("127.0.0.1", 8080))?.run().await',
          '}',
          '',
        ].join('\n'),
        'src/handlers.rs': 'use actix_web::{get, HttpResponse, Responder};\n#[get("/items")]\npub async fn list_items() -> impl Responder { HttpResponse::Ok().body("i") }\n',
      }),
    )
    expect(routes(graph)).toEqual(['src/handlers.rs:2 GET /api/items (/items)', 'src/main.rs:3 GET /api/users/{id} (/users/{id})', 'src/main.rs:5 GET /health'])
  })

  it("gives axum routes the path of the nest that holds the router a function makes (tokio-rs/axum's key-value-store)", async () => {
    const main = [
      'use axum::{routing::{delete, get}, Router};',
      '',
      'fn app() -> Router {',
      '    Router::new()',
      '        .route("/keys", get(list_keys))',
      '        .nest("/admin", admin_routes())',
      '}',
      '',
      'fn admin_routes() -> Router {',
      '    Router::new().route("/keys", delete(delete_all_keys))',
      '}',
      '',
      'async fn list_keys() {}',
      'async fn delete_all_keys() {}',
      '',
    ].join('\n')
    const graph = new LayerGraph(await layersOfText({ 'src/main.rs': main }))
    expect(routes(graph)).toEqual(['src/main.rs:5 GET /keys', 'src/main.rs:10 DELETE /admin/keys (/keys)'])
  })

  it('nests a router held in a local variable, and a router function of another module named by its path; links handlers named by module paths', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "app"\n',
        'src/main.rs': [
          'mod handlers;',
          'mod routes;',
          'use axum::{routing::get, Router};',
          'use crate::handlers::users;',
          '',
          'fn app() -> Router {',
          '    let users_router = Router::new().route("/", get(users::list));',
          '    Router::new()',
          '        .route("/health", get(handlers::health::check))',
          '        .route("/", get(handlers::index))',
          '        .nest("/users", users_router)',
          '        .nest("/api", routes::api::router())',
          '}',
          '',
        ].join('\n'),
        'src/handlers/mod.rs': 'pub mod users;\npub mod health;\n\npub async fn index() {}\n',
        'src/handlers/users.rs': 'pub async fn list() {}\n',
        'src/handlers/health.rs': 'pub async fn check() {}\n',
        'src/routes/mod.rs': 'pub mod api;\n',
        'src/routes/api.rs': 'use axum::{routing::get, Router};\n\npub fn router() -> Router {\n    Router::new().route("/items", get(crate::handlers::users::list))\n}\n',
      }),
    )
    const linked = graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route} -> ${r.handler} [${r.handlerSymbolId}]`)
    expect(linked).toEqual([
      'src/main.rs:7 GET /users -> users.list [src/handlers/users.rs#list]',
      'src/main.rs:9 GET /health -> handlers.health.check [src/handlers/health.rs#check]',
      'src/main.rs:10 GET / -> handlers.index [src/handlers/mod.rs#index]',
      'src/routes/api.rs:4 GET /api/items -> crate.handlers.users.list [src/handlers/users.rs#list]',
    ])
  })

  it("nests routers handed to nest_service as nest does (another module's function, a variable it fills, one written in place, with a router merged in it), nests a function named from the crate's root (crate::admin::router()), keeps a service a route, and serves fallbacks under the nest", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "app"\n',
        'src/main.rs': [
          'mod api;',
          'mod admin;',
          'mod auth;',
          'use axum::{routing::get, Router};',
          'use tower_http::services::ServeDir;',
          '',
          'fn app() -> Router {',
          '    let admin_router = admin::router();',
          '    Router::new()',
          '        .nest_service("/api", api::routes())',
          '        .nest_service("/admin", admin_router)',
          '        .nest("/root", crate::admin::router())',
          '        .nest_service("/v2", Router::new().route("/users", get(api::list)))',
          '        .nest_service("/assets", ServeDir::new("assets"))',
          '        .nest("/auth", Router::new().merge(auth::router()))',
          '        .fallback(not_found)',
          '}',
          '',
          'async fn not_found() {}',
          '',
        ].join('\n'),
        'src/api.rs': 'use axum::{routing::get, Router};\n\npub fn routes() -> Router {\n    Router::new().route("/users", get(list)).fallback(api_not_found)\n}\n\npub async fn list() {}\npub async fn api_not_found() {}\n',
        'src/auth.rs': 'use axum::{routing::post, Router};\n\npub fn router() -> Router {\n    Router::new().route("/login", post(login))\n}\n\npub async fn login() {}\n',
        'src/admin.rs': 'use axum::{routing::delete, Router};\n\npub fn router() -> Router {\n    Router::new().route("/keys", delete(clear))\n}\n\npub async fn clear() {}\n',
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route} -> ${r.handler} [${r.handlerSymbolId}]`)).toEqual([
      'src/admin.rs:4 DELETE /admin/keys -> clear [src/admin.rs#clear]',
      'src/admin.rs:4 DELETE /root/keys -> clear [src/admin.rs#clear]',
      'src/api.rs:4 GET /api/users -> list [src/api.rs#list]',
      'src/api.rs:4 * /api/* -> api_not_found [src/api.rs#api_not_found]',
      'src/auth.rs:4 POST /auth/login -> login [src/auth.rs#login]',
      'src/main.rs:13 GET /v2/users -> api.list [src/api.rs#list]',
      'src/main.rs:14 * /assets/* -> ServeDir.new []',
      'src/main.rs:16 * /* -> not_found [src/main.rs#not_found]',
    ])
  })

  it("mounts Rocket's handlers listed in routes![...] at the mount's path, wherever they are defined", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "app"\n',
        'src/main.rs': [
          '#[macro_use]',
          'extern crate rocket;',
          '',
          'mod users;',
          '',
          '#[get("/")]',
          'fn index() -> &\'static str {',
          '    "Hello, world!"',
          '}',
          '',
          '#[launch]',
          'fn rocket() -> _ {',
          '    rocket::build()',
          '        .mount("/", routes![index])',
          '        .mount("/users", routes![users::list, users::get])',
          '}',
          '',
        ].join('\n'),
        'src/users.rs': 'use rocket::serde::json::Json;\n\n#[get("/")]\npub fn list() -> Json<Vec<String>> {\n    Json(vec![])\n}\n\n#[get("/<id>")]\npub fn get(id: u32) -> String {\n    id.to_string()\n}\n',
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route} -> ${r.handler}`)).toEqual([
      'src/main.rs:6 GET / -> index',
      'src/users.rs:3 GET /users -> list',
      'src/users.rs:8 GET /users/<id> -> get',
    ])
  })
})
