import { readFileSync } from 'node:fs'

/**
 * CPU time of the process's main thread so far, in milliseconds, from Linux's per-thread
 * scheduler accounting (`/proc/self/task/<pid>/schedstat`, nanoseconds on the CPU; the main
 * thread's id is the process id); `undefined` where that file does not exist (not Linux, or a
 * kernel without scheduler statistics). Subtracted from the process's CPU (`processCpuMs`), it
 * leaves what every other thread used: the chunking workers, V8's compiler and garbage-collector
 * threads, libuv's pool. A change that moves work between the main thread and the others shows
 * there, when the process total alone hides it.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const [onCpuNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')
    const ns = Number(onCpuNs)
    return Number.isFinite(ns) ? ns / 1e6 : undefined
  } catch {
    return undefined
  }
}
