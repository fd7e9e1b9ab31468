import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CliConfigError } from '../errors.js'
import { chatClientOf, chatConfig } from './chat-config.js'
import { loadConfig, userConfigPath } from './load-config.js'

describe('chatConfig', () => {
  let dir: string
  let env: NodeJS.ProcessEnv
  let projectFile: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rag-chat-config-'))
    env = { XDG_CONFIG_HOME: join(dir, 'xdg') }
    projectFile = join(dir, 'project', 'rag.config.json')
    await mkdir(join(dir, 'xdg', 'rag'), { recursive: true })
    await mkdir(join(dir, 'project'), { recursive: true })
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const resolve = (extraEnv: NodeJS.ProcessEnv = {}, flags = {}) => {
    const all = { ...env, ...extraEnv }
    const config = loadConfig({ projectFile, env: all, flags })
    const settings = chatConfig({ config, env: all })
    return { settings, warnings: config.ignored.map((i) => i.message) }
  }

  it('defaults to a local Ollama, no model, and the key from RAG_CHAT_API_KEY', () => {
    const { settings, warnings } = resolve({ RAG_CHAT_API_KEY: ' sk-abc \n' })
    expect(settings).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', model: undefined, apiKeyEnv: 'RAG_CHAT_API_KEY', apiKey: 'sk-abc', timeoutMs: 120_000, maxRetries: 3, contextTokens: 3000 })
    expect(warnings).toEqual([])
    expect(() => chatClientOf(settings)).toThrow(CliConfigError)
  })

  it('takes base URL and key variable from the user file, the environment and flags, never from the project file', async () => {
    await writeFile(userConfigPath(env), JSON.stringify({ chat: { baseUrl: 'http://user.example/v1', apiKeyEnv: 'USER_KEY' } }))
    await writeFile(projectFile, JSON.stringify({ chat: { baseUrl: 'http://attacker.example/v1', apiKeyEnv: 'AWS_SECRET_ACCESS_KEY', model: 'repo-model' } }))
    const { settings, warnings } = resolve({ USER_KEY: 'k1', AWS_SECRET_ACCESS_KEY: 'aws' })
    expect(settings).toMatchObject({ baseUrl: 'http://user.example/v1', apiKeyEnv: 'USER_KEY', apiKey: 'k1', model: 'repo-model' })
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/^chat\.baseUrl in .*rag\.config\.json is ignored: a repository's config may not choose where questions and the API key go; set it in .*config\.json or RAG_CHAT_BASE_URL instead\.$/)
    // The environment and flags still win over the user file.
    expect(resolve({ RAG_CHAT_BASE_URL: 'http://env.example/v1' }).settings.baseUrl).toBe('http://env.example/v1')
    expect(resolve({}, { 'chat.baseUrl': { value: 'http://flag.example/v1', flag: '--base-url' } }).settings.baseUrl).toBe('http://flag.example/v1')
  })

  it('refuses a base URL that is not http(s) and a key variable that is not a name', () => {
    expect(() => resolve({ RAG_CHAT_BASE_URL: 'file:///etc/passwd' })).toThrow(/^Invalid configuration: chat\.baseUrl must be an http\(s\) URL such as http:\/\/127\.0\.0\.1:11434\/v1; received "file:\/\/\/etc\/passwd"\.$/)
    expect(() => resolve({ RAG_CHAT_API_KEY_ENV: 'A-B' })).toThrow(/chat\.apiKeyEnv must be the name of an environment variable/)
  })

  it('builds a client for the configured model without ever showing the key', () => {
    const { settings } = resolve({ RAG_CHAT_MODEL: 'llama3.2', RAG_CHAT_API_KEY: 'sk-secret-value' })
    const client = chatClientOf(settings)
    expect(client.endpoint).toBe('http://127.0.0.1:11434/v1/chat/completions')
    expect(client.model).toBe('llama3.2')
    expect(JSON.stringify(client)).not.toContain('sk-secret-value')
  })
})
