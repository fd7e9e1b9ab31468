import type { IndexProgress, ProgressListener } from '@rag/core'
import type { Output } from './output.js'
import { escapeTerminal } from './escape-terminal.js'

/** Reports index progress: a bar on a terminal, a line a second otherwise, JSON events with `--json`. */
export interface ProgressReporter {
  readonly onProgress: ProgressListener
  /** Ends the display (clears the bar). */
  done(): void
}

const BAR_WIDTH = 24
const TTY_INTERVAL_MS = 80
const LINE_INTERVAL_MS = 1000
const JSON_INTERVAL_MS = 250

function fit(text: string, width: number): string {
  return text.length <= width ? text : `…${text.slice(text.length - width + 1)}`
}

/**
 * Creates the reporter for `output`: with `--json`, `{"event":"progress",...}` lines on stdout
 * (at most four a second, and the last); on a terminal, a bar redrawn on stderr; otherwise a plain
 * `indexed N/M files` line on stderr at most once a second.
 */
export function createProgressReporter(output: Output, now: () => number = Date.now): ProgressReporter {
  const tty = output.stderr.isTTY === true && !output.json
  let last = Number.NEGATIVE_INFINITY
  let drawn = false
  let pending: IndexProgress | undefined

  const emit = (p: IndexProgress): void => {
    if (output.json) {
      output.emit({ event: 'progress', indexedFiles: p.indexedFiles, totalFiles: p.totalFiles, currentFile: p.currentFile })
    } else if (tty) {
      const ratio = p.totalFiles === 0 ? 1 : p.indexedFiles / p.totalFiles
      const filled = Math.round(ratio * BAR_WIDTH)
      const head = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${p.indexedFiles}/${p.totalFiles} `
      const width = Math.max(40, (output.stderr.columns || 80) - 1)
      output.stderr.write(`\r\x1b[2K${head}${fit(escapeTerminal(p.currentFile), Math.max(0, width - head.length))}`)
      drawn = true
    } else {
      output.note(`indexed ${p.indexedFiles}/${p.totalFiles} files`)
    }
  }
  const interval = output.json ? JSON_INTERVAL_MS : tty ? TTY_INTERVAL_MS : LINE_INTERVAL_MS

  return {
    onProgress(p) {
      const t = now()
      const final = p.totalFiles > 0 && p.indexedFiles === p.totalFiles
      if (t - last >= interval || final) {
        last = t
        pending = undefined
        emit(p)
      } else {
        pending = p
      }
    },
    done() {
      if (pending && output.json) emit(pending)
      pending = undefined
      if (drawn) output.stderr.write('\r\x1b[2K')
      drawn = false
    },
  }
}
