import { Worker, isMainThread, workerData } from 'node:worker_threads'
import { createNormalizedDocumentChunker, createLayeredChunker } from '@rag/chunker'
import { readFileSync } from 'node:fs'
async function pass(files, tag, layers) {
  const c = layers ? createLayeredChunker() : createNormalizedDocumentChunker()
  const t = performance.now(); const c0 = process.cpuUsage()
  for (let i = 0; i < files.length; i++) {
    const f = { path: files[i].label, content: files[i].content, format: 'code' }
    if (layers) await c.chunkWithLayers(f); else await c.chunk(f)
  }
  return [performance.now() - t, process.threadCpuUsage ? 0 : 0]
}
if (isMainThread) {
  const { applyIndexingV8Flags } = await import('@rag/cli')
  await applyIndexingV8Flags()
  const v8 = await import('node:v8'); for (const f of (process.env.FL ?? '').split(' ').filter(Boolean)) v8.setFlagsFromString(f)
  const files = JSON.parse(readFileSync('/tmp/files.json', 'utf8'))
  const layers = process.argv[2] === 'layers'
  const c0 = process.cpuUsage()
  const w = new Worker(new URL(import.meta.url), { workerData: { files, layers } })
  const r = await new Promise((res) => w.on('message', res))
  const cpu = process.cpuUsage(c0)
  console.log(process.env.FL ?? '', layers ? 'layers' : 'plain', 'cold', r[0].toFixed(0), 'warm', r[1].toFixed(0), 'proc cpu', ((cpu.user + cpu.system) / 1000).toFixed(0))
  await w.terminate()
} else { const { parentPort } = await import('node:worker_threads'); const a = (await pass(workerData.files, 'w1', workerData.layers))[0]; const b = (await pass(workerData.files, 'w2', workerData.layers))[0]; parentPort.postMessage([a, b]) }
