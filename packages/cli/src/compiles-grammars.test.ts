import { describe, expect, it } from 'vitest'
import { compilesGrammars } from './compiles-grammars.js'

describe('compilesGrammars', () => {
  it('is true for the commands that chunk code', () => {
    for (const command of ['index', 'watch', 'serve', 'mcp', 'migrate']) expect(compilesGrammars([command])).toBe(true)
    expect(compilesGrammars(['--root', '/repo', '--json', 'index', '.'])).toBe(true)
  })

  it('is false for read-only commands, whatever the global options before them', () => {
    expect(compilesGrammars(['search', 'parse config'])).toBe(false)
    expect(compilesGrammars(['--root', '/repo', 'search', '--files', 'x'])).toBe(false)
    expect(compilesGrammars(['--json', '--no-wait', 'status'])).toBe(false)
    for (const command of ['prompt', 'ask', 'symbols', 'deps', 'routes', 'plan', 'config', 'docs', 'clear']) expect(compilesGrammars([command, 'x'])).toBe(false)
  })

  it('does not take the value of --root for the command', () => {
    expect(compilesGrammars(['--root', 'index', 'status'])).toBe(false)
    expect(compilesGrammars(['--root', 'search', 'index'])).toBe(true)
  })

  it('is true for an unknown command, false when none runs', () => {
    expect(compilesGrammars(['frobnicate'])).toBe(true)
    expect(compilesGrammars([])).toBe(false)
    expect(compilesGrammars(['--version'])).toBe(false)
  })
})
