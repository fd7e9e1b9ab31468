import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { createRag } from '@rag/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRagMcpServer } from './create-rag-mcp-server.js'

interface ToolResult {
  readonly content: { type: string; text: string }[]
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

describe('createRagMcpServer with projectRoot (the CLI\'s one project index)', () => {
  let base: string
  let root: string
  let other: string
  let client: Client

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'rag-mcp-project-'))
    root = join(base, 'repo')
    other = join(base, 'other')
    const put = async (path: string, content: string): Promise<void> => {
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, content)
    }
    for (let i = 0; i < 8; i++) await put(join(root, `lib/m${i}.ts`), `export const libValue${i} = ${i}\n`)
    for (let i = 0; i < 3; i++) await put(join(root, `src/s${i}.ts`), `export const srcValue${i} = ${i}\n`)
    await put(join(other, 'o.ts'), 'export const otherValue = 1\n')
    const { server } = createRagMcpServer({ roots: [root, other], projectRoot: root, rag: createRag({ writer: 'test' }) })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(clientSide)
  })
  afterAll(async () => {
    await client?.close()
    await rm(base, { recursive: true, force: true })
  })

  const call = (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => client.callTool({ name, arguments: args }) as Promise<ToolResult>
  const files = async (): Promise<number> => ((await call('get_status')).structuredContent as { fileCount: number }).fileCount

  it('indexing a subdirectory keeps the rest of the project: the whole project root is brought up to date', async () => {
    expect((await call('index_directory', { path: '.' })).structuredContent).toMatchObject({ files: 11 })
    const sub = await call('index_directory', { path: 'src' })
    expect(sub.isError).toBeFalsy()
    expect(sub.structuredContent).toMatchObject({ root: expect.stringMatching(/repo$/), files: 11, chunked: 0, removed: 0 })
    expect(sub.content[0]?.text).toMatch(/^Indexed .*repo \(the whole project, which holds .*src: this server keeps one index of the project root\): 11 files/)
    expect(await files()).toBe(11)
    const hits = await call('search_code', { query: 'libValue3' })
    expect(hits.content[0]?.text).toContain('lib/m3.ts')
  })

  it('refuses a directory outside the project root with one sentence, and keeps the index', async () => {
    const refused = await call('index_directory', { path: other })
    expect(refused.isError).toBe(true)
    expect(refused.content[0]?.text).toMatch(/other is outside the project root .*repo, whose index this server keeps; indexing it would replace that index\./)
    expect(await files()).toBe(11)
  })
})
