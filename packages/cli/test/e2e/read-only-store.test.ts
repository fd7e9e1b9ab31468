import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, RAG, runRag, type RagRun, type Sandbox } from '../../src/testing/cli-process.js'

// Permissions do not bind root: as root, run the reading user as `nobody` through setpriv.
const AS_ROOT = process.getuid?.() === 0
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p))
const CAN_TEST = process.platform !== 'win32' && (!AS_ROOT || SETPRIV !== undefined)

describe.skipIf(!CAN_TEST)('rag on an index the user may read but not write (end to end)', () => {
  let box: Sandbox
  const asReader = (args: string[]): Promise<RagRun> => {
    const command = AS_ROOT ? [SETPRIV!, '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, RAG, ...args] : [process.execPath, RAG, ...args]
    const child = spawn(command[0]!, command.slice(1), { cwd: box.root, env: box.env, stdio: ['ignore', 'pipe', 'pipe'] })
    return collect(child, 30_000)
  }

  beforeAll(async () => {
    box = await createSandbox({ 'src/auth.ts': 'export function verifyToken(token: string): boolean {\n  return token.length > 0\n}\n' })
    expect((await runRag(['index'], { cwd: box.root, env: box.env })).code).toBe(0)
    // Readable by anyone, writable by no one but root.
    await chmod(dirname(box.root), 0o755)
    await chmod(join(box.root, '.rag'), 0o555)
    await chmod(join(box.root, '.rag', 'index.db'), 0o444)
  })
  afterAll(async () => {
    await chmod(join(box.root, '.rag'), 0o755)
    await box.dispose()
  })

  it('serves search and status (no SQLITE_CANTOPEN)', async () => {
    const search = await asReader(['search', 'verify', 'token'])
    expect(search.code, search.stderr).toBe(0)
    expect(search.stdout).toMatch(/^ 1\. src\/auth\.ts:1-3 /m)
    const status = await asReader(['--json', 'status'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({ files: 1, chunks: 1 })
  })

  it('refuses writes with one line naming the permissions', async () => {
    for (const command of [['index'], ['clear']]) {
      const run = await asReader(command)
      expect(run.code).toBe(1)
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).toMatch(/^error: .*index\.db: cannot .*: this user may not write the store or its directory \(SQLITE_READONLY\w*\); reads still work, but to write fix the permissions of /)
    }
    // Nothing was changed.
    expect((await asReader(['search', 'verify'])).stdout).toMatch(/src\/auth\.ts/)
  })
})
