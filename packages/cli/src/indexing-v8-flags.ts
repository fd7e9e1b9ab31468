/**
 * The V8 flags the `rag` binary sets, process-wide (worker threads included), for commands that
 * may chunk code ({@link compilesGrammars}). Exported so a benchmark of the indexing pipeline can
 * run under the same flags as `rag index`.
 *
 * - `--liftoff-only`: tree-sitter grammars are large WebAssembly modules; by default V8 also
 *   compiles them with its optimizing tier on background threads, and a finished `rag index` then
 *   waits ~4 s at exit for that work (even through `process.exit`). Baseline (Liftoff) code alone
 *   parses fast enough: measured on this repository, `rag index` from scratch took 6.1 s wall with
 *   the default and 1.2 s with this flag.
 * - `--interrupt-budget=540672` (8x V8's default of 67,584): a function is handed to the optimizing
 *   compiler (TurboFan) after 8x more work than by default. Each chunking worker is a fresh isolate
 *   that compiles the chunker and the layer extraction anew; with the default budget it optimized
 *   ~230 functions on 8 MB of Python, several of them 3-5 times over (deoptimized while their
 *   feedback was still incomplete), ~1.2 s of compiler time in one thread's pass over the corpus
 *   (`--trace-opt`), against ~0.24 s without the layer extraction (0.70 and 0.13 s with this
 *   budget). Hot code is still optimized, only later, with fuller feedback. `rag index` of that corpus (`/usr/bin/time`, 4 interleaved runs, medians):
 *   plain 4.90 -> 4.72 s CPU, with `--layers` 7.43 -> 6.37 s CPU and 4.52 -> 4.01 s wall, with
 *   `--embedder static` 6.69 -> 6.27 s CPU and 4.54 -> 4.37 s wall.
 *
 * On node's command line these apply to all WebAssembly, web-tree-sitter's own runtime included;
 * {@link applyIndexingV8Flags} sets them in a running process so that the runtime's hot functions
 * are still optimized (what `rag` does).
 *
 * @example
 * node --liftoff-only --interrupt-budget=540672 my-indexer.js
 */
export const INDEXING_V8_FLAGS: readonly string[] = Object.freeze(['--liftoff-only', '--interrupt-budget=540672'])

/** The WebAssembly flag of {@link INDEXING_V8_FLAGS}, which {@link applyIndexingV8Flags} sets last. */
const BASELINE_WASM_ONLY = INDEXING_V8_FLAGS[0]!
/** The rest of {@link INDEXING_V8_FLAGS}, set first. */
const JAVASCRIPT_FLAGS = INDEXING_V8_FLAGS.slice(1)

/**
 * Sets {@link INDEXING_V8_FLAGS} in this process (worker threads started later get them too), in
 * the order that keeps web-tree-sitter's runtime optimizable: the other flags first, then the
 * runtime is loaded (`loadTreeSitterRuntime`, of `@rag/chunker` through `@rag/session`; V8
 * compiles a WebAssembly module once per process for every thread, with the tiers in force when it
 * compiled it; `@rag/vector`'s SIMD kernels of the static training compile as `@rag/session`
 * loads, so they are optimized too), then `--liftoff-only`, so that only the grammars, compiled
 * later in the chunking workers, are held to baseline code. The runtime is the part of a parse shared by every grammar (~75 % of parse time
 * on Python in a CPU profile); V8 optimizes its ~50 hot functions once (0.25-0.5 s of background
 * compile). Parsing the 8 MB Python bench corpus in one thread, fresh process, 6 alternated runs:
 * 1.77 -> 1.38 s wall, 1.80 -> 1.55 s CPU; this repository's 848 code files (3.4 MB, 8 grammars):
 * 1.33 -> 1.23 s wall. Call it before anything is chunked; it is idempotent. It does not throw:
 * when the runtime cannot load, the flags are set all the same and the chunker reports the failure
 * on its first parse, as it would have.
 *
 * @example
 * await applyIndexingV8Flags()
 * const rag = openRag(store, { layers: true })
 */
export async function applyIndexingV8Flags(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8')
  for (const flag of JAVASCRIPT_FLAGS) setFlagsFromString(flag)
  try {
    const { loadTreeSitterRuntime } = await import('@rag/session')
    await loadTreeSitterRuntime()
  } catch {
    // The chunker meets the same failure on its first parse and reports it there (it keeps it).
  }
  setFlagsFromString(BASELINE_WASM_ONLY)
}
