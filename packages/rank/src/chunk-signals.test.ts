import { describe, expect, it } from 'vitest'
import type { Chunk, Document } from '@rag/core'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import { createChunkSignals, createPathLookup } from './chunk-signals.js'
import { fileDocuments } from './file-documents.js'

const FILES = [
  {
    path: 'src/http/client.ts',
    content: [
      "import { parseArgs } from '../args.js'",
      '',
      'export class HttpClient {',
      '  send(request: Request): Promise<Response> {',
      '    return fetch(request)',
      '  }',
      '}',
      '',
      'export function retryDelay(attempt: number): number {',
      '  return 2 ** attempt * 100',
      '}',
      '',
    ].join('\n'),
  },
  { path: 'src/args.ts', content: 'export function parseArgs(argv: string[]): Record<string, string> {\n  return Object.fromEntries(argv.map((a) => a.split("=")))\n}\n' },
  { path: 'test/args.test.ts', content: "import { parseArgs } from '../src/args.js'\n\nfunction parseArgs2() {}\n" },
  { path: 'docs/guide.md', content: '# Guide\n\n## parseArgs\n\nCall parseArgs with argv.\n' },
]

async function chunks(): Promise<Chunk[]> {
  const chunker = createNormalizedDocumentChunker({ maxChars: 120 })
  const out: Chunk[] = []
  for (const file of FILES) out.push(...(await chunker.chunk({ path: file.path, content: file.content, format: file.path.endsWith('.md') ? 'markdown' : 'code' })))
  return out
}

describe('createChunkSignals', () => {
  it('finds where a name is defined from real chunker output, case-insensitively', async () => {
    const { definitions } = createChunkSignals(await chunks())
    expect(definitions.definitions('parseArgs').map((d) => d.file)).toEqual(['src/args.ts'])
    expect(definitions.definitions('PARSE_ARGS').map((d) => d.file)).toEqual(['src/args.ts'])
    expect(definitions.definitions('HttpClient')).toEqual([{ file: 'src/http/client.ts', kind: 'class' }])
    expect(definitions.definitions('retryDelay').map((d) => d.file)).toEqual(['src/http/client.ts'])
    expect(definitions.definitions('nothingLikeThis')).toEqual([])
  })

  it('never takes a markdown heading for a definition', async () => {
    const { definitions } = createChunkSignals(await chunks())
    expect(definitions.definitions('parseArgs').some((d) => d.file === 'docs/guide.md')).toBe(false)
  })

  it('looks files up by stem and by folder', async () => {
    const { paths } = createChunkSignals(await chunks())
    expect(paths.filesNamed('args')).toEqual(['src/args.ts', 'test/args.test.ts'])
    expect(paths.filesNamed('Client')).toEqual(['src/http/client.ts'])
    expect(paths.filesInFolder('http')).toEqual(['src/http/client.ts'])
    expect([...paths.filesInFolder('src')].sort()).toEqual(['src/args.ts', 'src/http/client.ts'])
  })

  it('counts a name once per file, in first-chunk order, even when the file\'s chunks are apart', () => {
    const chunk = (id: string, metadata: Document['metadata']): Document => ({ id, content: '', metadata })
    const { definitions, paths } = createChunkSignals([
      chunk('1', { file: 'a.py', kind: 'function', symbol: 'load_config', qname: 'config.load_config' }),
      chunk('2', { file: 'b.py', kind: 'method', symbol: 'loadConfig', qname: 'Loader.loadConfig' }),
      // a.py again, after b.py: its name was counted at its first chunk.
      chunk('3', { file: 'a.py', kind: 'class', symbol: 'LoadConfig', qname: '' }),
      chunk('4', { file: 'c.rs', kind: 'impl', symbol: '', qname: 'crate::io::Reader.read_all', symbols: 'Reader, load-config,*' }),
      chunk('5', { file: 'd.md', format: 'markdown', kind: 'section', symbol: 'load_config' }),
    ])
    expect(definitions.definitions('LOAD_CONFIG')).toEqual([
      { file: 'a.py', kind: 'function' },
      { file: 'b.py', kind: 'method' },
      { file: 'c.rs', kind: 'impl' },
    ])
    expect(definitions.definitions('readAll')).toEqual([{ file: 'c.rs', kind: 'impl' }])
    expect(definitions.definitions('Reader')).toEqual([{ file: 'c.rs', kind: 'impl' }])
    expect(definitions.definitions('*')).toEqual([])
    expect(paths.filesInFolder('')).toEqual([])
    expect(paths.filesNamed('d')).toEqual(['d.md'])
  })
})

describe('createPathLookup', () => {
  it('meets snake, kebab and camel spellings of a stem', () => {
    const paths = createPathLookup(['binding/form_mapping.go', 'lib/client-h1.js'])
    expect(paths.filesNamed('formMapping')).toEqual(['binding/form_mapping.go'])
    expect(paths.filesNamed('client_h1')).toEqual(['lib/client-h1.js'])
  })

  it('reads the words of every part of a dotted file name, not only the first (NestJS: `user.entity.ts`, `users.service.ts`)', () => {
    const paths = createPathLookup(['src/users/entities/user.entity.ts', 'src/users/users.service.ts', 'src/users/user.repository.ts', 'types/index.d.ts'])
    expect(paths.filesWithNameWord!('entity')).toEqual([{ file: 'src/users/entities/user.entity.ts', words: 2 }])
    expect(paths.filesWithNameWord!('service')).toEqual([{ file: 'src/users/users.service.ts', words: 2 }])
    expect(paths.filesWithNameWord!('user').map((entry) => entry.file)).toEqual(['src/users/entities/user.entity.ts', 'src/users/users.service.ts', 'src/users/user.repository.ts'])
    // The stem a file is named by is still the first part.
    expect(paths.filesNamed('user')).toEqual(['src/users/entities/user.entity.ts', 'src/users/user.repository.ts'])
    expect(paths.filesWithNameWord!('index')).toEqual([{ file: 'types/index.d.ts', words: 1 }])
  })
})

describe('fileDocuments', () => {
  it('rebuilds each file from its chunks, with every defined name listed', async () => {
    const docs = fileDocuments(await chunks())
    const client = docs.find((d) => d.id === 'src/http/client.ts')!
    expect(client.content.trimEnd()).toBe(FILES[0]!.content.trimEnd())
    expect(client.metadata.file).toBe('src/http/client.ts')
    expect(String(client.metadata.symbols).split(', ')).toEqual(expect.arrayContaining(['HttpClient', 'retryDelay']))
    expect(docs.map((d) => d.id).sort()).toEqual(FILES.map((f) => f.path).sort())
  })

  it('keeps lines shared by overlapping windows once', () => {
    const docs = fileDocuments([
      { id: 'a', content: 'one\ntwo\nthree', metadata: { file: 'notes.txt', startLine: 1, endLine: 3 } },
      { id: 'b', content: 'three\nfour', metadata: { file: 'notes.txt', startLine: 3, endLine: 4 } },
    ])
    expect(docs).toEqual([{ id: 'notes.txt', content: 'one\ntwo\nthree\nfour', metadata: { file: 'notes.txt', symbols: '' } }])
  })
})
