/**
 * The localization suite's in-process latency run alone (`measureLatency`: one index of ~50,000
 * chunks, 486 queries routed, searched at depth 300 and ranked), without the rest of the suite.
 *
 * Run: `cd bench && pnpm exec tsx src/localization-latency.ts [--smoke] [--profile out.cpuprofile]`.
 * `--profile` writes a V8 CPU profile of the timed queries only (not of the indexing), for
 * `chrome://inspect` or any `.cpuprofile` viewer. Prints the result as JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureLatency } from './localization/latency.js'
import { FULL, SMOKE } from './profile.js'

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}
const profile = process.argv.includes('--smoke') ? SMOKE : FULL
const profilePath = arg('profile')

async function main(): Promise<void> {
  const options = profile.localization.latency
  if (options === undefined) throw new Error('the profile has no latency run')
  const scratch = mkdtempSync(join(tmpdir(), 'rag-latency-'))
  const session = profilePath === undefined ? undefined : new Session()
  try {
    const result = await measureLatency({
      ...options,
      scratch,
      log: (line) => console.error(line),
      ...(session === undefined
        ? {}
        : {
            onTimedStart: async () => {
              session.connect()
              await session.post('Profiler.enable')
              await session.post('Profiler.setSamplingInterval', { interval: 200 })
              await session.post('Profiler.start')
            },
            onTimedEnd: async () => {
              const { profile: cpu } = await session.post('Profiler.stop')
              writeFileSync(profilePath!, JSON.stringify(cpu))
              session.disconnect()
            },
          }),
    })
    console.log(JSON.stringify(result, null, 2))
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
