import type { Ranked } from './eval/select.js'
import type { Metrics } from './eval/metrics.js'
import type { CellStats, QualityRow } from './eval/quality.js'
import type { QueryStats } from './eval/queries.js'
import type { LocalizationResult } from './localization/result.js'
import type { PipelineRow } from './speed/pipeline-speed.js'

/** Load average at one point of the run, to read timing figures against. */
export interface LoadSample {
  readonly phase: string
  /** `os.loadavg()`: 1, 5 and 15 minutes. */
  readonly loadavg: readonly number[]
}

/** One engine's speed figures on one chunk set. */
export interface EngineSpeed {
  readonly label: string
  readonly settings: string
  readonly docs: number
  readonly indexMs: number
  readonly indexCpuMs: number
  readonly heapBytes: number
  readonly p50Ms: number
  readonly p95Ms: number
  readonly queries: number
}

/** One engine's quality and speed on an evaluation corpus. */
export interface EngineQuality extends EngineSpeed {
  readonly chunk: Metrics
  readonly file: Metrics
  readonly budgetRecall: number
}

/** Everything at one corpus size of the scaling runs. */
export interface ScalePoint {
  /** Multiple of the base size x. */
  readonly scale: number
  readonly files: number
  /** UTF-16 code units of text (bytes for ASCII). */
  readonly chars: number
  readonly chunks: number
  readonly engines: readonly EngineSpeed[]
  /** Single-thread raw tree-sitter parse vs `@rag/chunker`, summed over the files of this size. */
  readonly parseMs: number
  readonly chunkMs: number
  readonly pipeline: PipelineRow
}

/** What one `pnpm bench` run measured; `results/bench.json` holds it, the report renders it. */
export interface BenchResult {
  readonly mode: 'full' | 'smoke'
  readonly startedAt: string
  readonly durationMs: number
  readonly machine: { readonly node: string; readonly cpus: number; readonly cpuModel: string; readonly memoryGiB: number; readonly platform: string }
  readonly load: readonly LoadSample[]
  readonly corpora: readonly { readonly name: string; readonly description: string; readonly files: number; readonly chars: number; readonly queries: QueryStats }[]
  readonly quality: { readonly rows: readonly QualityRow[]; readonly cells: readonly CellStats[] }
  readonly selection: {
    readonly seed: string
    /** Best dev score over the in-memory streams at the default chunk size: the library's recommendation. */
    readonly best: Ranked
    /** Best dev score among in-memory content-only configurations. */
    readonly bestContentOnly: Ranked
    /** Best dev score among the CLI's engines (`store: 'sqlite'`): what the CLI's defaults must be. */
    readonly bestCli: Ranked
  }
  readonly peers: readonly { readonly corpus: string; readonly split: 'test'; readonly engines: readonly EngineQuality[] }[]
  readonly scaling: { readonly baseChars: number; readonly points: readonly ScalePoint[]; readonly timedQueries: number }
  /** The localization suite (file-level ranking of commit messages); absent in results written before it existed. */
  readonly localization?: LocalizationResult
}
