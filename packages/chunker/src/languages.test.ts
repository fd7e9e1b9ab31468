import { describe, expect, it } from 'vitest'
import { SUPPORTED_LANGUAGES, languageForPath, languageForShebang, languageInfo } from './languages.js'

describe('languageForPath', () => {
  it('maps extensions case-insensitively, and whole names such as Gemfile', () => {
    expect(languageForPath('src/App.TSX')).toBe('tsx')
    expect(languageForPath('a/b/c.mjs')).toBe('javascript')
    expect(languageForPath('x.hpp')).toBe('cpp')
    expect(languageForPath('x.c')).toBe('c')
    expect(languageForPath('Gemfile')).toBe('ruby')
    expect(languageForPath('home/.bashrc')).toBe('bash')
    expect(languageForPath('docs/guide.markdown')).toBe('markdown')
    expect(languageForPath('src/main/kotlin/App.kt')).toBe('kotlin')
    expect(languageForPath('build.gradle.kts')).toBe('kotlin')
  })

  it('returns undefined for unknown or missing extensions and dot files', () => {
    expect(languageForPath('data.bin')).toBeUndefined()
    expect(languageForPath('Makefile')).toBeUndefined()
    expect(languageForPath('.env')).toBeUndefined()
  })
})

describe('languageForShebang', () => {
  it('reads the interpreter, through env and its flags', () => {
    expect(languageForShebang('#!/usr/bin/env python3')).toBe('python')
    expect(languageForShebang('#!/bin/sh')).toBe('bash')
    expect(languageForShebang('#!/usr/bin/env -S node --no-warnings')).toBe('javascript')
    expect(languageForShebang('#!/usr/bin/ruby -w')).toBe('ruby')
    expect(languageForShebang('#!/usr/bin/env perl')).toBeUndefined()
  })
})

describe('SUPPORTED_LANGUAGES', () => {
  it('lists every language once, each extension once', () => {
    const ids = SUPPORTED_LANGUAGES.map((l) => l.id)
    expect(new Set(ids).size).toBe(ids.length)
    const extensions = SUPPORTED_LANGUAGES.flatMap((l) => l.extensions)
    expect(new Set(extensions).size).toBe(extensions.length)
    expect(ids).toEqual(expect.arrayContaining(['typescript', 'tsx', 'javascript', 'python', 'java', 'go', 'rust', 'c', 'cpp', 'csharp', 'ruby', 'php', 'bash', 'css', 'kotlin', 'markdown']))
  })

  it('parses C with the C++ grammar, since no C grammar ships with @vscode/tree-sitter-wasm', () => {
    expect(languageInfo('c')?.grammar).toBe('cpp')
  })

  it('resolves common aliases', () => {
    expect(languageInfo('C#')?.id).toBe('csharp')
    expect(languageInfo('c++')?.id).toBe('cpp')
    expect(languageInfo('sh')?.id).toBe('bash')
    expect(languageInfo('kt')?.id).toBe('kotlin')
    expect(languageInfo('cobol')).toBeUndefined()
  })
})
