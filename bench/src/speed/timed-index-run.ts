/**
 * Times one `indexDirectory` run in two phases: until the last file is chunked (the chunking
 * workers run, the main thread receives their results) and the tail after it (the commit: analysis,
 * layer resolution, a static model's training, the store's writes), which runs mostly on the main
 * thread while the other cores idle. Where a change moves work between the phases shows here, not
 * in the total alone.
 */
import type { IndexReport, RagService } from '@rag/session'
import { mainThreadCpuMs } from './main-thread-cpu.js'
import { processCpuMs } from './process-cpu.js'

/** Wall and CPU milliseconds (every thread of the process) of one run, and of its tail. */
export interface TimedIndexRun {
  readonly report: IndexReport
  /** Wall time of the whole run. */
  readonly ms: number
  /** CPU time of the whole run. */
  readonly cpu: number
  /** Wall time after the last file was chunked. */
  readonly tailMs: number
  /** CPU time after the last file was chunked. */
  readonly tailCpu: number
  /** CPU time of the main thread alone (`undefined` off Linux); the rest of {@link cpu} is the other threads'. */
  readonly mainCpu: number | undefined
}

/** Runs `rag.indexDirectory(dir)` and times it (see the module comment). */
export async function timeIndexRun(rag: RagService, dir: string): Promise<TimedIndexRun> {
  const started = performance.now()
  const cpu = processCpuMs()
  const mainCpu = mainThreadCpuMs()
  let chunkedAt = Number.NaN
  let chunkedCpu = Number.NaN
  const report = await rag.indexDirectory(dir, ({ indexedFiles, totalFiles }) => {
    if (totalFiles > 0 && indexedFiles === totalFiles) {
      chunkedAt = performance.now()
      chunkedCpu = processCpuMs()
    }
  })
  const ended = performance.now()
  const endedCpu = processCpuMs()
  const endedMainCpu = mainThreadCpuMs()
  // A run with no file to chunk has no chunking phase: all of it is tail.
  return {
    report,
    ms: ended - started,
    cpu: endedCpu - cpu,
    tailMs: Number.isNaN(chunkedAt) ? ended - started : ended - chunkedAt,
    tailCpu: Number.isNaN(chunkedCpu) ? endedCpu - cpu : endedCpu - chunkedCpu,
    mainCpu: mainCpu === undefined || endedMainCpu === undefined ? undefined : endedMainCpu - mainCpu,
  }
}
