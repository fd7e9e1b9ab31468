import { describe, expect, it } from 'vitest'
import { routeFile } from './route.js'

const route = (path: string, format: string, language?: string, content = '') =>
  routeFile({ path, content, format, ...(language ? { language } : {}) })

describe('routeFile', () => {
  it('parses code in a language with a grammar, from the given language or the extension', () => {
    expect(route('a.py', 'code')).toMatchObject({ strategy: 'code', language: 'python', format: 'code' })
    expect(route('script', 'code', 'TypeScript')).toMatchObject({ strategy: 'code', language: 'typescript' })
    expect(route('lib.h', 'code')).toMatchObject({ strategy: 'code', language: 'c' })
  })

  it('detects a language from a #! line when the path says nothing', () => {
    expect(route('bin/tool', 'code', undefined, '#!/usr/bin/env python3\nprint(1)\n')).toMatchObject({ strategy: 'code', language: 'python' })
  })

  it('keeps code in a language without a grammar for windows, recording that language', () => {
    expect(route('Main.scala', 'code', 'scala')).toMatchObject({ strategy: 'code', language: 'scala', info: undefined })
  })

  it('follows the format: markdown gives sections, other formats give windows', () => {
    expect(route('notes.txt', 'markdown')).toMatchObject({ strategy: 'markdown' })
    expect(route('README.md', 'code')).toMatchObject({ strategy: 'markdown', language: 'markdown' })
    expect(route('a.py', 'text')).toMatchObject({ strategy: 'windows', language: 'python', format: 'text' })
    expect(route('data.json', 'json')).toMatchObject({ strategy: 'windows', language: 'json' })
  })

  it('detects the format when it is empty or auto', () => {
    expect(route('a.rs', 'auto')).toMatchObject({ strategy: 'code', format: 'code' })
    expect(route('doc.md', '')).toMatchObject({ strategy: 'markdown', format: 'markdown' })
    expect(route('notes.txt', 'AUTO')).toMatchObject({ strategy: 'windows', format: 'text', language: 'text' })
  })
})
