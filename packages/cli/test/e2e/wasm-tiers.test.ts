import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, RAG, type Sandbox } from '../../src/testing/cli-process.js'

/** A Python module of `classes` small classes of two methods each, different in each file. */
function pythonModule(file: number, classes: number): string {
  const out: string[] = [`"""Module ${file}."""`, 'import os', 'from typing import Optional', '']
  for (let f = 0; f < classes; f++) {
    out.push(
      `class Handler${file}_${f}:`,
      `    def __init__(self, name: str, size: int = ${f}) -> None:`,
      `        self.name = name`,
      `        self.items = [x * ${f % 7} for x in range(size) if x % 3 == 0]`,
      '',
      `    def run(self, path: Optional[str] = None) -> dict:`,
      `        try:`,
      `            with open(path or os.devnull) as handle:`,
      `                data = {"name": self.name, "lines": handle.read().splitlines(), "n": ${file + f}}`,
      `        except OSError as error:`,
      `            raise RuntimeError(f"cannot read {path}: {error}") from error`,
      `        return data`,
      '',
    )
  }
  return out.join('\n')
}

/**
 * What `rag index` asks of V8 (`applyIndexingV8Flags`): tree-sitter grammars get baseline
 * (Liftoff) code only, while web-tree-sitter's runtime, loaded before `--liftoff-only` is set, is
 * still optimized (TurboFan) where it is hot, once for every worker thread. V8's own trace of
 * each compiled function shows which module got which tier.
 */
describe('rag index: WebAssembly tiers', () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 40; i++) files[`pkg/module_${i}.py`] = pythonModule(i, 40)
    sandbox = await createSandbox(files)
  })

  afterAll(async () => {
    await sandbox.dispose()
  })

  it('optimizes only the tree-sitter runtime, never a grammar', async () => {
    const child = spawn(process.execPath, ['--trace-wasm-compilation-times', RAG, 'index', '.'], { cwd: sandbox.root, env: sandbox.env, stdio: ['ignore', 'pipe', 'pipe'] })
    const run = await collect(child, 120_000)
    expect(run.code, run.stderr).toBe(0)
    const compiled = [...run.stdout.matchAll(/^Compiled function (0x[0-9a-f]+)#\d+ using (\w+)/gm)].map((m) => ({ module: m[1]!, tier: m[2]! }))
    // Modules in the order they were compiled: the runtime (main thread, before any grammar) first.
    const modules = [...new Set(compiled.map((c) => c.module))]
    expect(modules.length, 'the runtime and the Python grammar').toBeGreaterThanOrEqual(2)
    const runtime = modules[0]
    const optimized = compiled.filter((c) => c.tier === 'TurboFan')
    expect(optimized.length, 'hot runtime functions are optimized').toBeGreaterThan(0)
    expect(optimized.filter((c) => c.module !== runtime), 'no grammar function is optimized').toEqual([])
  }, 150_000)
})
