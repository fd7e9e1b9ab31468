import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** tower's `Service` and axum's `FromRequestParts` (associated types with bounds and a generic one), with an impl giving them. */
const TRAITS = `use std::future::Future;

pub trait Service<Request> {
    /// Responses given by the service.
    type Response;
    type Error;
    type Future: Future<Output = Result<Self::Response, Self::Error>>;

    fn call(&mut self, req: Request) -> Self::Future;
}

pub trait LendingIterator {
    type Item<'a> where Self: 'a;
    const LIMIT: usize;
}

impl<S> Service<Request> for Timeout<S> {
    type Response = S::Response;
    type Error = BoxError;
    type Future = ResponseFuture<S::Future>;

    fn call(&mut self, req: Request) -> Self::Future {}
}
`

/** An extern block as libc's and the -sys crates write them (a `#[link]` above, a static among the functions), and Rust functions with a foreign ABI. */
const FOREIGN = `use std::ffi::{c_char, c_int};

#[link(name = "z")]
extern "C" {
    /// Compresses a buffer.
    pub fn compress(dest: *mut u8, dest_len: *mut u64, source: *const u8, source_len: u64) -> c_int;
    fn zlibVersion() -> *const c_char;
    pub static mut errno: c_int;
}

mod ffi {
    unsafe extern "system" {
        pub fn GetLastError() -> u32;
    }
}

#[no_mangle]
pub extern "C" fn rust_add(a: i32, b: i32) -> i32 {
    a + b
}

extern "C" fn callback() {}
`

async function symbolsOf(content: string): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path: 'src/lib.rs', content, format: 'code' })
  const byId = new Map(layers.symbols.map((s) => [s.id, s]))
  return layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine} ${s.signature}${s.exported ? '' : ' (hidden)'}${s.parentId ? ` in ${byId.get(s.parentId)?.kind}` : ''}`)
}

describe('Rust layers', () => {
  it("catalogues a trait's associated types as types of the trait, as public as it, and an impl's as types of the impl", async () => {
    expect(await symbolsOf(TRAITS)).toEqual([
      'trait Service 3-10 pub trait Service<Request>',
      'type Service.Response 5-5 type Response in trait',
      'type Service.Error 6-6 type Error in trait',
      'type Service.Future 7-7 type Future: Future<Output = Result<Self::Response, Self::Error>> in trait',
      'method Service.call 9-9 fn call(&mut self, req: Request) -> Self::Future; in trait',
      'trait LendingIterator 12-15 pub trait LendingIterator',
      "type LendingIterator.Item 13-13 type Item<'a> where Self: 'a in trait",
      'constant LendingIterator.LIMIT 14-14 const LIMIT: usize; in trait',
      'impl Timeout 17-23 impl<S> Service<Request> for Timeout<S> (hidden)',
      'type Timeout.Response 18-18 type Response (hidden) in impl',
      'type Timeout.Error 19-19 type Error (hidden) in impl',
      'type Timeout.Future 20-20 type Future (hidden) in impl',
      'method Timeout.call 22-22 fn call(&mut self, req: Request) -> Self::Future (hidden) in impl',
    ])
  })

  it('catalogues the functions and statics of extern blocks, each at its own lines, and functions with a foreign ABI', async () => {
    expect(await symbolsOf(FOREIGN)).toEqual([
      'function compress 6-6 pub fn compress(dest: *mut u8, dest_len: *mut u64, source: *const u8, source_len: u64) -> c_int;',
      'function zlibVersion 7-7 fn zlibVersion() -> *const c_char; (hidden)',
      'constant errno 8-8 pub static mut errno: c_int;',
      'module ffi 11-15 mod ffi (hidden)',
      'function ffi.GetLastError 13-13 pub fn GetLastError() -> u32; in module',
      'function rust_add 17-20 pub extern "C" fn rust_add(a: i32, b: i32) -> i32',
      'function callback 22-22 extern "C" fn callback() (hidden)',
    ])
  })
})

/** clap's derive API and serde's, on a struct, an enum and a union, with an impl block written out beside them. */
const DERIVES = `use clap::Parser;

#[derive(Parser, Debug, Clone)]
#[command(name = "shop")]
pub struct Cli {
    verbose: bool,
}

#[derive(Debug, PartialEq, serde::Serialize)]
enum Mode { Fast, Slow }

#[derive(Clone, Copy)]
union Bits { word: u32, bytes: [u8; 4] }

#[derive(Default)]
fn not_a_type() {}

impl std::fmt::Display for Mode {}
`

describe('Rust derives', () => {
  it("reads each trait a struct, enum or union derives as an implements edge of the type, beside impl blocks (a function's derive is none)", async () => {
    const { layers } = await chunker.chunkWithLayers({ path: 'src/cli.rs', content: DERIVES, format: 'code', language: 'rust' })
    const byId = new Map(layers!.symbols.map((s) => [s.id, s.name]))
    const heritage = layers!.edges.filter((e) => e.kind === 'implements').map((e) => `${byId.get(e.sourceSymbolId)} ${e.target} ${e.startLine}`)
    // (Each at its type's line; a path is kept to its last segment, as for an impl's trait.)
    expect(heritage).toEqual([
      'Cli Parser 5',
      'Cli Debug 5',
      'Cli Clone 5',
      'Mode Debug 10',
      'Mode PartialEq 10',
      'Mode Serialize 10',
      'Bits Clone 13',
      'Bits Copy 13',
      'Mode Display 18',
    ])
  })
})
