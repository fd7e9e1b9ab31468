import { describe, expect, it } from 'vitest'
import { binaryExtension, detectFormat, languageFromShebang } from './format-detection.js'

describe('detectFormat', () => {
  it('uses the chunker\'s language names for the extensions it knows', () => {
    expect(detectFormat('src/app.tsx', '')).toEqual({ format: 'code', language: 'tsx' })
    expect(detectFormat('lib/x.h', '')).toEqual({ format: 'code', language: 'c' })
    expect(detectFormat('Gemfile', '')).toEqual({ format: 'code', language: 'ruby' })
    expect(detectFormat('README.md', '')).toEqual({ format: 'markdown', language: 'markdown' })
  })

  it('falls back to its own table for names and extensions the chunker has no grammar for', () => {
    expect(detectFormat('Dockerfile', '')).toEqual({ format: 'code', language: 'dockerfile' })
    expect(detectFormat('app.kt', '')).toEqual({ format: 'code', language: 'kotlin' })
    expect(detectFormat('build.gradle.kts', '')).toEqual({ format: 'code', language: 'kotlin' })
    expect(detectFormat('scripts/deploy.main.kts', '')).toEqual({ format: 'code', language: 'kotlin' })
    expect(detectFormat('cfg.yml', '')).toEqual({ format: 'yaml', language: 'yaml' })
    expect(detectFormat('package.json', '')).toEqual({ format: 'json', language: 'json' })
    expect(detectFormat('data.csv', '')).toEqual({ format: 'csv' })
    expect(detectFormat('LICENSE', 'MIT License')).toEqual({ format: 'text' })
  })

  it('reads the #! line of extensionless and .txt-less scripts', () => {
    expect(detectFormat('bin/tool', '#!/usr/bin/env node\nconsole.log(1)\n')).toEqual({ format: 'code', language: 'javascript' })
    expect(detectFormat('run', '#!/bin/bash\necho hi\n')).toEqual({ format: 'code', language: 'bash' })
    expect(languageFromShebang('#!/usr/bin/env -S python3.11 -u\n')).toBe('python')
    expect(languageFromShebang('#!/usr/bin/env FOO=1 ruby\n')).toBe('ruby')
    expect(languageFromShebang('#!/opt/unknown\n')).toBeUndefined()
  })

  it('keeps the detected language when a format is forced', () => {
    expect(detectFormat('a.py', 'x = 1', 'text')).toEqual({ format: 'text', language: 'python' })
    expect(detectFormat('notes', 'hello', 'markdown')).toEqual({ format: 'markdown' })
  })

  it('knows binary extensions case-insensitively', () => {
    expect(binaryExtension('img/Photo.PNG')).toBe('png')
    expect(binaryExtension('lib.so')).toBe('so')
    expect(binaryExtension('main.ts')).toBeUndefined()
    expect(binaryExtension('Makefile')).toBeUndefined()
  })
})
