import { describe, expect, it } from 'vitest'
import { createOutput } from './output.js'
import { createProgressReporter } from './progress.js'

function sink(isTTY: boolean) {
  const chunks: string[] = []
  return { chunks, stream: { isTTY, columns: 70, write: (text: string) => chunks.push(text) } }
}

describe('createProgressReporter', () => {
  it('draws a bar on a terminal, at most every 80 ms plus the last file, and clears it when done', () => {
    const out = sink(false)
    const err = sink(true)
    let now = 0
    const progress = createProgressReporter(createOutput(out.stream, err.stream, { json: false, debug: false }), () => now)
    progress.onProgress({ indexedFiles: 0, totalFiles: 4, currentFile: '' })
    now += 10
    progress.onProgress({ indexedFiles: 1, totalFiles: 4, currentFile: 'src/a.ts' })
    now += 100
    progress.onProgress({ indexedFiles: 2, totalFiles: 4, currentFile: 'src/very/long/path/that/does/not/fit/into/the/line/b.ts' })
    progress.onProgress({ indexedFiles: 4, totalFiles: 4, currentFile: 'src/d.ts' })
    progress.done()
    expect(out.chunks).toEqual([])
    expect(err.chunks).toHaveLength(4)
    expect(err.chunks[1]).toBe('\r\x1b[2K[############------------]  50% 2/4 …/does/not/fit/into/the/line/b.ts')
    expect(err.chunks[1]!.replace('\r\x1b[2K', '').length).toBeLessThan(70)
    expect(err.chunks[2]).toContain('100% 4/4 src/d.ts')
    expect(err.chunks[3]).toBe('\r\x1b[2K')
  })

  it('writes plain lines when stderr is not a terminal, and JSON events with --json', () => {
    const err = sink(false)
    let now = 0
    const plain = createProgressReporter(createOutput(sink(false).stream, err.stream, { json: false, debug: false }), () => now)
    plain.onProgress({ indexedFiles: 0, totalFiles: 2, currentFile: '' })
    now += 5
    plain.onProgress({ indexedFiles: 1, totalFiles: 2, currentFile: 'a' })
    plain.onProgress({ indexedFiles: 2, totalFiles: 2, currentFile: 'b' })
    expect(err.chunks).toEqual(['indexed 0/2 files\n', 'indexed 2/2 files\n'])

    const out = sink(true)
    const json = createProgressReporter(createOutput(out.stream, sink(true).stream, { json: true, debug: false }), () => now)
    json.onProgress({ indexedFiles: 0, totalFiles: 3, currentFile: '' })
    json.onProgress({ indexedFiles: 1, totalFiles: 3, currentFile: 'a' })
    json.done()
    expect(out.chunks.map((c) => JSON.parse(c))).toEqual([
      { event: 'progress', indexedFiles: 0, totalFiles: 3, currentFile: '' },
      { event: 'progress', indexedFiles: 1, totalFiles: 3, currentFile: 'a' },
    ])
  })
})
