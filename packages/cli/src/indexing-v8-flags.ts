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
 *   budget). Hot code is still optimized, only later, with
 *   fuller feedback. `rag index` of that corpus (`/usr/bin/time`, 4 interleaved runs, medians):
 *   plain 4.90 -> 4.72 s CPU, with `--layers` 7.43 -> 6.37 s CPU and 4.52 -> 4.01 s wall, with
 *   `--embedder static` 6.69 -> 6.27 s CPU and 4.54 -> 4.37 s wall.
 *
 * @example
 * import { setFlagsFromString } from 'node:v8'
 * for (const flag of INDEXING_V8_FLAGS) setFlagsFromString(flag)
 */
export const INDEXING_V8_FLAGS: readonly string[] = Object.freeze(['--liftoff-only', '--interrupt-budget=540672'])
