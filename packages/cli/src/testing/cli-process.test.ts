import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { collect } from './cli-process.js'

describe('collect', () => {
  it('returns the output of a process it watched from the start', async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("hello"); console.error("note")'], { stdio: ['pipe', 'pipe', 'pipe'] })
    expect(await collect(child, 30_000)).toEqual({ code: 0, signal: null, stdout: 'hello\n', stderr: 'note\n' })
  })

  // Once a child has exited, Node discards its unread output and its `close` event has passed: a
  // late collect() used to wait out its whole timeout with empty output (the multi-server test's
  // "did not finish within 120000 ms" under load).
  it('rejects at once, saying why, when called after the process exited', async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("hello")'], { stdio: ['pipe', 'pipe', 'pipe'] })
    await once(child, 'exit')
    const started = Date.now()
    await expect(collect(child, 30_000)).rejects.toThrow(/called after .* had exited \(0\); its output is gone/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
