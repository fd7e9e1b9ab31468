import { describe, expect, it } from 'vitest'
import { mountsOf } from './mounts-of.js'

describe('mounts of axum routers', () => {
  it("reads axum's nest_service of a router function as nest's, merge as a mount without a path, a function named by its path from the crate's root, mounts in a router written in place under its nest, a variable a function of the file fills; no service nor method router", async () => {
    const { mounts } = await mountsOf('src/main.rs', [
      'mod api;',
      'mod auth;',
      'mod v1;',
      'use axum::{routing::get, Router};',
      'use tower_http::services::ServeDir;',
      '',
      'fn app() -> Router {',
      '    let routes = admin_routes();',
      '    Router::new()',
      '        .nest_service("/api", api::routes())',
      '        .nest("/outer", Router::new().nest("/v1", v1::routes()))',
      '        .nest("/admin", routes)',
      '        .nest_service("/assets", ServeDir::new("assets"))',
      '        .nest_service("/upload", get(upload))',
      '        .nest("/merged", Router::new().merge(auth::router()))',
      '        .merge(v1::routes())',
      '        .nest("/crate", crate::api::routes())',
      '}',
      '',
      'fn admin_routes() -> Router {',
      '    Router::new()',
      '}',
    ])
    expect(mounts).toEqual([
      'api.routes at "/api" on "" line 10',
      'v1.routes at "/outer/v1" on "" line 11',
      'admin_routes at "/admin" on "" line 12',
      'auth.router at "/merged" on "" line 15',
      'v1.routes at "" on "" line 16',
      'crate.api.routes at "/crate" on "" line 17',
    ])
  })
})
