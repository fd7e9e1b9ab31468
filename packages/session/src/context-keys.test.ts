import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// Module-level constants (a chunk with `defines`) and small functions merged into one chunk (`symbols`).
const CONFIG = `${Array.from({ length: 30 }, (_, i) => `export const RETRY_SETTING_${i} = ${i} // retry setting`).join('\n')}\nexport function retryDelay(): number { return 1 }\nexport function retryLimit(): number { return 3 }\n`

describe('context prompts carry what a reader needs of the metadata', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo({ 'src/retry-config.ts': CONFIG })
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it("leaves out the index's own lookup lists unless provenanceKeys names them", async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const hits = await rag.search('retry setting', 3)
    expect(hits.some((hit) => hit.document.metadata['defines'] !== undefined)).toBe(true)
    const { prompt } = await rag.renderContextPrompt('retry setting', 3)
    expect(prompt).toContain('<entry><key>file</key><value>src/retry-config.ts</value></entry>')
    expect(prompt).toContain('<key>startLine</key>')
    for (const key of ['defines', 'symbols', 'chunkIndex']) expect(prompt, key).not.toContain(`<key>${key}</key>`)
    const asked = await rag.renderContextPrompt('retry setting', 3, { provenanceKeys: ['file', 'defines'] })
    expect(asked.prompt).toContain('<key>defines</key>')
  })
})
