import { realpathSync, renameSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PathNotAllowedError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { FileIngestionService } from './file-ingestion-service.js'
import { tempDir, tree } from './testing/helpers.js'

const inside = { 'inside.ts': 'export const insideOnly = 1\n' }
const outside = { 'secret.ts': 'export const SECRET_OUTSIDE_TOKEN = "zebracanary42"\n', 'more.ts': 'export const more = 2\n' }

/** A served root `served` with a directory `served/repo`, and a directory elsewhere. */
function layout(): { served: string; repo: string; elsewhere: string } {
  const served = realpathSync(tempDir())
  const repo = join(served, 'repo')
  const elsewhere = realpathSync(tree(outside))
  const source = realpathSync(tree(inside))
  renameSync(source, repo)
  return { served, repo, elsewhere }
}

const texts = (result: { addDocuments: readonly { content: string }[] }): string => result.addDocuments.map((d) => d.content).join('\n')

describe('ingest within confined directories', () => {
  it('indexes a root that resolves inside them', async () => {
    const { served, repo } = layout()
    const result = await new FileIngestionService({ workers: 0 }).ingest(repo, { within: [served] })
    expect(texts(result)).toContain('insideOnly')
  })

  it('refuses a root that resolves outside them (a symbolic link a checker resolved earlier), reading nothing', async () => {
    const { served, repo, elsewhere } = layout()
    // What a server checked was the directory; by the time the run resolves it, it is a link out.
    renameSync(repo, `${repo}-moved`)
    symlinkSync(elsewhere, repo)
    const progress: number[] = []
    const run = new FileIngestionService({ workers: 0 }).ingest(repo, { within: [served], onProgress: (p) => progress.push(p.indexedFiles) })
    await expect(run).rejects.toBeInstanceOf(PathNotAllowedError)
    await expect(run).rejects.toThrow(/outside the directories this run may read/)
    expect(progress).toEqual([])
  })

  it('fails when the root is swapped for a link out while its files are read, and stages nothing', async () => {
    const { served, repo, elsewhere } = layout()
    let swapped = false
    const run = new FileIngestionService({ workers: 0 }).ingest(repo, {
      within: [served],
      onProgress: (p) => {
        // Once the walk is done: the directory goes, a link to elsewhere takes its path.
        if (p.indexedFiles !== 0 || swapped) return
        swapped = true
        renameSync(repo, join(dirname(repo), 'repo-moved'))
        symlinkSync(elsewhere, repo)
      },
    })
    await expect(run).rejects.toBeInstanceOf(PathNotAllowedError)
    await expect(run).rejects.toThrow(/changed while it was indexed/)
    expect(swapped).toBe(true)
  })

  it('without `within`, follows the root wherever it resolves (a caller that named it chose it)', async () => {
    const { repo, elsewhere } = layout()
    renameSync(repo, `${repo}-moved`)
    symlinkSync(elsewhere, repo)
    const result = await new FileIngestionService({ workers: 0 }).ingest(repo)
    expect(texts(result)).toContain('SECRET_OUTSIDE_TOKEN')
  })
})
