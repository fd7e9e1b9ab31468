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
