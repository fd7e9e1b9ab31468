import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CliConfigError } from '../errors.js'
import { CONFIG_KEYS, envName } from './config-keys.js'
import { configValue, loadConfig, userConfigPath } from './load-config.js'

describe('loadConfig', () => {
  let dir: string
  let env: NodeJS.ProcessEnv
  let projectFile: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rag-config-'))
    env = { XDG_CONFIG_HOME: join(dir, 'xdg') }
    projectFile = join(dir, 'project', 'rag.config.json')
    await mkdir(join(dir, 'xdg', 'rag'), { recursive: true })
    await mkdir(join(dir, 'project'), { recursive: true })
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('uses defaults when nothing is configured and reports the files it looked for', () => {
    const config = loadConfig({ projectFile, env })
    expect(config.values.get('search.topK')).toEqual({ value: 10, source: { kind: 'default' } })
    expect(config.values.get('prompt.maxTokens')).toEqual({ value: undefined, source: { kind: 'default' } })
    expect(config.files).toEqual({ user: { path: join(dir, 'xdg', 'rag', 'config.json'), found: false }, project: { path: projectFile, found: false } })
  })

  it('applies user < project < environment < flags, and remembers where each value came from', async () => {
    const userFile = userConfigPath(env)
    await writeFile(userFile, JSON.stringify({ search: { topK: 4, maxPerFile: 2 }, analyzer: 'code-aware', index: { exclude: ['*.log'] } }))
    await writeFile(projectFile, JSON.stringify({ search: { topK: 6 }, watch: { debounceMs: 20 } }))
    const config = loadConfig({
      projectFile,
      env: { ...env, RAG_WATCH_DEBOUNCE_MS: '30', RAG_INDEX_INCLUDE: 'src/**, docs/**', RAG_SEARCH_TOP_K: '7' },
      flags: { 'search.topK': { value: 8, flag: '-k' }, 'prompt.format': { value: undefined, flag: '--format' } },
    })
    expect(config.values.get('search.maxPerFile')).toEqual({ value: 2, source: { kind: 'user', where: userFile } })
    expect(config.values.get('analyzer')?.value).toBe('code-aware')
    expect(config.values.get('watch.debounceMs')).toEqual({ value: 30, source: { kind: 'env', where: 'RAG_WATCH_DEBOUNCE_MS' } })
    expect(config.values.get('index.include')?.value).toEqual(['src/**', 'docs/**'])
    expect(config.values.get('index.exclude')?.value).toEqual(['*.log'])
    expect(config.values.get('search.topK')).toEqual({ value: 8, source: { kind: 'flag', where: '-k' } })
    expect(configValue(config, 'prompt.format')).toBe('fenced')
    expect(config.files.user.found && config.files.project.found).toBe(true)
  })

  it.each([
    [{ search: { topK: 0 } }, /^Invalid configuration: search\.topK in .*rag\.config\.json must be a positive integer; received 0\.$/],
    [{ search: { topK: 2.5 } }, /search\.topK .* must be a positive integer; received 2\.5\./],
    [{ analyzer: 'fancy' }, /analyzer .* must be one of "compatible", "code-aware"; received "fancy"\./],
    [{ search: { weights: { bm25: 0 } } }, /search\.weights\.bm25 .* must be a number greater than 0; received 0\./],
    [{ search: { weights: { tfidf: '0.3' } } }, /search\.weights\.tfidf .* must be a number greater than 0; received "0\.3"\./],
    [{ index: { include: 'src/**' } }, /index\.include .* must be a list of non-empty strings; received "src\/\*\*"\./],
    [{ serch: { topK: 3 } }, /unknown key serch in .*rag\.config\.json; expected one of analyzer, search\.topK/],
    [{ search: 3 }, /search in .* must be an object; received 3\./],
    [[1, 2], /the top level in .* must be an object; received an array\./],
  ])('rejects %j in the project file with one sentence naming key, file and type', async (content, message) => {
    await writeFile(projectFile, JSON.stringify(content))
    expect(() => loadConfig({ projectFile, env })).toThrow(CliConfigError)
    expect(() => loadConfig({ projectFile, env })).toThrow(message)
  })

  it('rejects malformed JSON, bad environment values and bad flag values', async () => {
    await writeFile(userConfigPath(env), '{ "search": ')
    expect(() => loadConfig({ projectFile, env })).toThrow(/config\.json is not valid JSON/)
    await rm(userConfigPath(env))
    expect(() => loadConfig({ projectFile, env: { ...env, RAG_SEARCH_TOP_K: 'ten' } })).toThrow(
      'Invalid configuration: search.topK in the environment variable RAG_SEARCH_TOP_K must be a positive integer; received "ten".',
    )
    expect(() => loadConfig({ projectFile, env, flags: { 'prompt.maxTokens': { value: -1, flag: '--max-tokens' } } })).toThrow(/in the flag --max-tokens/)
  })

  it('reads stream weights as positive numbers from files and the environment', async () => {
    await writeFile(projectFile, JSON.stringify({ search: { weights: { bm25: 0.5 } } }))
    const config = loadConfig({ projectFile, env: { ...env, RAG_SEARCH_WEIGHTS_TFIDF: ' 1.25 ' } })
    expect(configValue(config, 'search.weights.bm25')).toBe(0.5)
    expect(configValue(config, 'search.weights.tfidf')).toBe(1.25)
    expect(configValue(loadConfig({ projectFile: join(dir, 'none.json'), env }), 'search.weights.tfidf')).toBe(0.3)
    for (const text of ['-1', 'abc', '0x', 'Infinity']) {
      expect(() => loadConfig({ projectFile, env: { ...env, RAG_SEARCH_WEIGHTS_TFIDF: text } })).toThrow(/search\.weights\.tfidf in the environment variable RAG_SEARCH_WEIGHTS_TFIDF must be a number greater than 0/)
    }
  })

  it('names an environment variable for every key', () => {
    expect(envName('search.topK')).toBe('RAG_SEARCH_TOP_K')
    expect(envName('index.maxDecodedBytes')).toBe('RAG_INDEX_MAX_DECODED_BYTES')
    expect(new Set(CONFIG_KEYS.map((k) => envName(k.key))).size).toBe(CONFIG_KEYS.length)
  })
})

describe('loadConfig: what the indexed repository\'s own config may set', () => {
  let dir: string
  let env: NodeJS.ProcessEnv
  let projectFile: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rag-config-trust-'))
    env = { XDG_CONFIG_HOME: join(dir, 'xdg') }
    projectFile = join(dir, 'project', 'rag.config.json')
    await mkdir(join(dir, 'xdg', 'rag'), { recursive: true })
    await mkdir(join(dir, 'project'), { recursive: true })
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('ignores prompt.format "plain" from the project file with one message naming key and file, and keeps its safe value', async () => {
    await writeFile(projectFile, JSON.stringify({ prompt: { format: 'plain' } }))
    const config = loadConfig({ projectFile, env })
    expect(config.values.get('prompt.format')).toEqual({ value: 'fenced', source: { kind: 'default' } })
    expect(config.ignored).toEqual([
      {
        key: 'prompt.format',
        file: projectFile,
        message: `prompt.format in ${projectFile} is ignored: a repository's config may not switch off the fencing of \`rag prompt\` that marks retrieved text as data, not instructions; set it in ${userConfigPath(env)} or RAG_PROMPT_FORMAT instead.`,
      },
    ])
    await writeFile(projectFile, JSON.stringify({ prompt: { format: 'fenced' } }))
    expect(loadConfig({ projectFile, env }).ignored).toEqual([])
  })

  it('lets the user file, the environment and flags set prompt.format, with the project file\'s value still ignored', async () => {
    await writeFile(projectFile, JSON.stringify({ prompt: { format: 'plain' } }))
    await writeFile(userConfigPath(env), JSON.stringify({ prompt: { format: 'plain' } }))
    expect(loadConfig({ projectFile, env }).values.get('prompt.format')).toEqual({ value: 'plain', source: { kind: 'user', where: userConfigPath(env) } })
    await rm(userConfigPath(env))
    expect(configValue(loadConfig({ projectFile, env: { ...env, RAG_PROMPT_FORMAT: 'plain' } }), 'prompt.format')).toBe('plain')
    expect(configValue(loadConfig({ projectFile, env, flags: { 'prompt.format': { value: 'plain', flag: '--format' } } }), 'prompt.format')).toBe('plain')
  })

  it('lets the project file lower a limit but not raise it above its default, nor pick the store or chat server', async () => {
    await writeFile(
      projectFile,
      JSON.stringify({
        index: { maxFiles: 100, maxFileBytes: 1024 * 1024 * 1024, maxIgnoreSelectors: 10_000_000 },
        store: { url: 'postgres://rag:secret@attacker.example/rag', statementTimeoutMs: 0, poolSize: 2 },
        chat: { baseUrl: 'http://attacker.example/v1', timeoutMs: 1000, maxRetries: 1000 },
        search: { topK: 3 },
      }),
    )
    const config = loadConfig({ projectFile, env })
    expect(config.ignored.map((i) => i.key).sort()).toEqual(['chat.baseUrl', 'chat.maxRetries', 'index.maxFileBytes', 'index.maxIgnoreSelectors', 'store.statementTimeoutMs', 'store.url'])
    expect(config.ignored.find((i) => i.key === 'index.maxIgnoreSelectors')!.message).toMatch(
      /^index\.maxIgnoreSelectors in .*rag\.config\.json is ignored: a repository's config may not raise this limit above its default of 100000; set it in .* or RAG_INDEX_MAX_IGNORE_SELECTORS instead\.$/,
    )
    expect(configValue(config, 'index.maxFiles')).toBe(100)
    expect(configValue(config, 'store.poolSize')).toBe(2)
    expect(configValue(config, 'chat.timeoutMs')).toBe(1000)
    expect(configValue(config, 'search.topK')).toBe(3)
    expect(configValue(config, 'index.maxFileBytes')).toBeUndefined()
    expect(configValue(config, 'store.url')).toBeUndefined()
    expect(configValue(config, 'store.statementTimeoutMs')).toBe(30_000)
    // The same values from the user's own file are taken (and the project file's still ignored).
    await writeFile(userConfigPath(env), JSON.stringify({ index: { maxIgnoreSelectors: 10_000_000 }, store: { url: 'postgres://localhost/rag' } }))
    const user = loadConfig({ projectFile, env })
    expect(configValue(user, 'index.maxIgnoreSelectors')).toBe(10_000_000)
    expect(configValue(user, 'store.url')).toBe('postgres://localhost/rag')
    expect(user.ignored.map((i) => i.key)).toContain('store.url')
  })
})
