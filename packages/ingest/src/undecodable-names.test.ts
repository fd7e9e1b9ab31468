import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileIngestionService } from './file-ingestion-service.js'
import { tempDir } from './testing/helpers.js'

const service = new FileIngestionService({ workers: 0 })

describe('names that are not UTF-8', () => {
  it('reports a file and a directory whose names are not valid UTF-8, instead of losing them silently', async () => {
    const root = tempDir('rag-names-')
    // caf\xe9.txt and dir\xff/in.txt: Latin-1 bytes in the names, as git keeps them.
    writeFileSync(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]), 'x\n')
    mkdirSync(Buffer.concat([Buffer.from(`${root}/dir`), Buffer.from([0xff])]))
    writeFileSync(Buffer.concat([Buffer.from(`${root}/dir`), Buffer.from([0xff]), Buffer.from('/in.txt')]), 'y\n')
    writeFileSync(join(root, 'ok\uFFFD.txt'), 'a real U+FFFD in a name is fine\n')
    const plan = await service.plan(root)
    expect(plan.files.map((f) => f.path)).toEqual(['ok\uFFFD.txt'])
    expect(plan.skipped).toEqual([
      { path: 'caf\uFFFD.txt', type: 'file', reason: { kind: 'name-not-utf8' } },
      { path: 'dir\uFFFD', type: 'directory', reason: { kind: 'name-not-utf8' } },
    ])
  })
})
