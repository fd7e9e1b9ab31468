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
    expect(routes.filter((route) => route.startsWith('6 '))).toEqual(['6 GET /x -> x'])
  })
})
