import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
const SECRET = 'OUTSIDE_SECRET_MARKER'

interface ToolResult {
  readonly content: { type: string; text: string }[]
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

describe('rag-mcp over stdio (SDK Client + StdioClientTransport)', () => {
  let base: string
  let root: string
  let client: Client

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'rag-mcp-'))
    root = join(base, 'repo')
    const put = async (path: string, content: string): Promise<void> => {
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, content)
    }
    await put(join(root, 'src/auth.ts'), 'export function verifyToken(token: string): boolean {\n  return token.startsWith("tok_")\n}\n')
    await put(join(root, 'src/retry.py'), 'def retry_with_backoff(fn):\n    return fn()\n')
    for (let i = 0; i < 40; i++) await put(join(root, `src/gen/f${i}.ts`), `// a generated value module\nexport const value${i} = ${i} // shared value\n`)
    await put(join(base, 'outside/secret.ts'), `export const secret = "${SECRET}"\n`)
    await symlink(join(base, 'outside'), join(root, 'escape'))
    client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, '--root', root], stderr: 'pipe' }))
  })
  afterAll(async () => {
    await client?.close()
    await rm(base, { recursive: true, force: true })
  })

  const call = (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => client.callTool({ name, arguments: args }) as Promise<ToolResult>

  it('lists the eight tools with input schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(['build_context', 'find_symbol', 'get_dependencies', 'get_status', 'index_directory', 'list_entrypoints', 'locate_files', 'search_code'])
    const locate = tools.find((t) => t.name === 'locate_files')
    expect(Object.keys(locate?.inputSchema.properties ?? {}).sort()).toEqual(['k', 'language', 'max_tokens', 'path', 'query'])
    const search = tools.find((t) => t.name === 'search_code')
    expect(Object.keys(search?.inputSchema.properties ?? {}).sort()).toEqual(['k', 'language', 'max_tokens', 'path', 'query'])
  })

  it('answers the code layer tools with a tool error when the session indexes without layers', async () => {
    const result = await call('find_symbol', { name: 'verifyToken' })
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(/has no code layers .*rag index --layers/)
  })

  it('indexes a directory with progress notifications', async () => {
    const progress: { progress: number; total?: number }[] = []
    const result = (await client.callTool({ name: 'index_directory', arguments: { path: '.' } }, undefined, {
      onprogress: (p) => progress.push(p),
    })) as ToolResult
    expect(result.isError).toBeFalsy()
    expect(result.content[0]?.text).toMatch(/^Indexed .*repo: 42 files/)
    expect(result.structuredContent).toMatchObject({ files: 42, added: expect.any(Number) })
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toMatchObject({ progress: 42, total: 42 })
  })

  it('searches with path:start-end, score and snippet, and filters', async () => {
    const result = await call('search_code', { query: 'verifyToken', k: 3 })
    expect(result.content[0]?.text).toMatch(/1\. src\/auth\.ts:1-3 {2}score \d\.\d{4} {2}typescript\n```typescript\nexport function verifyToken/)
    const hits = result.structuredContent?.['results'] as { file: string }[]
    expect(hits[0]?.file).toBe('src/auth.ts')
    const python = await call('search_code', { query: 'retry_with_backoff verifyToken', language: 'python' })
    expect((python.structuredContent?.['results'] as { file: string }[]).map((h) => h.file)).toEqual(['src/retry.py'])
    const scoped = await call('search_code', { query: 'value', path: 'src/gen/**', k: 50, max_tokens: 120 })
    expect(scoped.content[0]?.text.length).toBeLessThanOrEqual(120 * 3)
    expect(scoped.content[0]?.text).toMatch(/results? omitted to fit the 120-token budget\]$/)
  })

  it('ranks with the evaluated settings: identifiers split, fused 0.7 / 0.3', async () => {
    // `backoff` is only part of `retry_with_backoff`: the seed analyzers keep the identifier whole.
    const result = await call('search_code', { query: 'backoff', k: 3 })
    const hits = result.structuredContent?.['results'] as { file: string; score: number }[]
    expect(hits.map((h) => h.file)).toEqual(['src/retry.py'])
    expect(hits[0]?.score).toBeCloseTo(1 / 61, 6)
  })

  it('locates files with the plan, line ranges, scores and each signal, within the budget', async () => {
    const result = await call('locate_files', { query: 'Fix verifyToken accepting expired tokens', k: 3 })
    expect(result.isError).toBeFalsy()
    const text = result.content[0]?.text ?? ''
    expect(text).toMatch(/^Files for "Fix verifyToken accepting expired tokens" \(intent locate: .*anchors: identifier verifyToken\):\n1\. src\/auth\.ts {2}L1-3 {2}score \d+\.\d{4} {2}\[first-hit \d\.\d\d, .*definitions/)
    const data = result.structuredContent as { intent: string; files: { file: string; rank: number; ranges: string[]; contributions: { signal: string }[] }[]; omitted: number }
    expect(data.intent).toBe('locate')
    expect(data.files[0]).toMatchObject({ file: 'src/auth.ts', rank: 1, ranges: ['L1-3'] })
    expect(data.files.length).toBeLessThanOrEqual(3)
    const tight = await call('locate_files', { query: 'generated value module', k: 40, max_tokens: 120 })
    expect(tight.content[0]?.text).toMatch(/files? omitted to fit the 120-token budget\]$/)
    expect((tight.structuredContent as { omitted: number }).omitted).toBeGreaterThan(0)
    const python = await call('locate_files', { query: 'retry_with_backoff verifyToken', language: 'python' })
    expect((python.structuredContent as { files: { file: string }[] }).files.map((f) => f.file)).toEqual(['src/retry.py'])
  })

  it.each([
    [{ query: '' }, /query/],
    [{ query: 'verifyToken', k: 0 }, /k/],
    [{ query: 'verifyToken', k: 51 }, /k/],
    [{ query: 'verifyToken', max_tokens: 10 }, /max_tokens/],
    [{ query: 'verifyToken', path: '' }, /path/],
  ])('refuses locate_files arguments %j as a tool error', async (args, message) => {
    const result = await call('locate_files', args)
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(message)
    expect(result.content[0]?.text).not.toMatch(/\n\s+at /)
  })

  it('builds a context prompt', async () => {
    const result = await call('build_context', { question: 'How is a token verified?', k: 3, max_tokens: 1000 })
    expect(result.content[0]?.text).toContain('verifyToken')
    expect(result.content[0]?.text).toContain('How is a token verified?')
    expect(result.content).toHaveLength(1)
  })

  it('says when the context prompt is the question alone: nothing fits, or nothing matched', async () => {
    const tight = await call('build_context', { question: 'How is a token verified?', k: 3, max_tokens: 50 })
    expect(tight.content.map((c) => c.text)).toEqual(['How is a token verified?', 'Note: not even the first result fits max_tokens=50; the prompt is the question alone; raise max_tokens.'])
    const none = await call('build_context', { question: 'zzqqxx', max_tokens: 1000 })
    expect(none.content.map((c) => c.text)).toEqual(['zzqqxx', 'Note: nothing matched; the prompt is the question alone.'])
  })

  it('reports status', async () => {
    const result = await call('get_status')
    expect(result.structuredContent).toMatchObject({ fileCount: 42, indexing: false })
    expect(result.structuredContent).not.toHaveProperty('layers')
    expect(result.content[0]?.text).toContain('Files: 42')
    expect(result.content[0]?.text).toContain('Code layers: none')
  })

  it.each([['../outside'], ['escape'], ['%2e%2e%2foutside'], ['/etc']])('refuses %s outside the roots and indexes nothing from it', async (path) => {
    const result = await call('index_directory', { path })
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(/is not allowed/)
    expect(result.content[0]?.text).not.toMatch(/\n\s+at /)
    const status = await call('get_status')
    expect(status.structuredContent).toMatchObject({ fileCount: 42 })
    const search = await call('search_code', { query: `${SECRET} secret`, k: 50 })
    expect(search.structuredContent?.['results']).toEqual([])
  })
})
