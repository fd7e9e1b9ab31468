/**
 * CPU cost of the static embedder's training and embedding alone (`trainStaticEmbeddings` of
 * `@rag/vector`, what `rag index --embedder static` runs after chunking), over the `.py` files of
 * the machine's Python standard library (site-packages left out) cut into 40-line chunks with the path + symbol text the
 * session embeds, at several training sample sizes (`maxTrainingChars`). No store, no chunker: the
 * figure isolates the tier's own work from the lexical index it is added to.
 *
 * Run: `cd bench && npx tsx src/static-train-cost.ts [--mb 400] [--caps 32000000,8000000]`
 * (build the packages first). Each cap runs twice, alternating; the lower CPU time is reported.
 */
import { readFileSync } from 'node:fs'
import { codeAwareAnalyzer } from '@rag/bm25'
import { pathAndSymbolText } from '@rag/lexical'
import { trainStaticEmbeddings } from '@rag/vector'
import { lineChunks, pythonStdlibDir, walkFiles } from './corpus/real-code.js'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

const MEGABYTES = Number(option('mb', '400'))
const CAPS = option('caps', '32000000,8000000').split(',').map(Number)

function cpuMs(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since)
  return (user + system) / 1000
}

async function main(): Promise<void> {
  const root = pythonStdlibDir()
  const files: { label: string; content: string }[] = []
  let bytes = 0
  for (const path of walkFiles(root, (p) => p.endsWith('.py'))) {
    if (bytes >= MEGABYTES * 1e6) break
    const content = readFileSync(path, 'utf8')
    bytes += Buffer.byteLength(content)
    files.push({ label: path.slice(root.length + 1), content })
  }
  const texts = lineChunks(files, 40, 10_000_000).map((chunk) => pathAndSymbolText.text(chunk))
  const chars = texts.reduce((sum, text) => sum + text.length, 0)
  console.log(`${files.length} files under ${root} (${(bytes / 1e6).toFixed(1)} MB), ${texts.length} chunks, ${(chars / 1e6).toFixed(1)} M chars; node ${process.version}\n`)
  const best = new Map<number, { cpu: number; wall: number; trainedOn: number; vocabulary: number }>()
  for (let round = 0; round < 2; round++) {
    for (const cap of CAPS) {
      const since = process.cpuUsage()
      const started = performance.now()
      const { model } = await trainStaticEmbeddings(texts, { analyzer: codeAwareAnalyzer, maxTrainingChars: cap })
      const run = { cpu: cpuMs(since), wall: performance.now() - started, trainedOn: model.trainedOn.texts, vocabulary: model.terms.length }
      console.log(`round ${round + 1}, maxTrainingChars ${cap}: ${run.cpu.toFixed(0)} ms CPU, ${run.wall.toFixed(0)} ms wall`)
      if (!best.has(cap) || run.cpu < best.get(cap)!.cpu) best.set(cap, run)
    }
  }
  console.log('\n| maxTrainingChars | texts trained on | vocabulary | train + embed CPU ms | M chars per CPU second |')
  console.log('|---|---|---|---|---|')
  for (const [cap, run] of best) console.log(`| ${cap} | ${run.trainedOn} | ${run.vocabulary} | ${run.cpu.toFixed(0)} | ${(chars / 1e6 / (run.cpu / 1000)).toFixed(1)} |`)
}

await main()
