import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

describe('routes of Rust routers nested in others', () => {
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
})
