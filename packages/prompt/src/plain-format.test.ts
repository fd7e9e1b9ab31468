import { describe, expect, it } from 'vitest'
import { buildContextPrompt } from './build-context-prompt.js'
import { plainBody, plainHeader } from './plain-format.js'
import { hit } from './testing/hits.js'

// Seed 000, "Context Prompt Format", verbatim.
const SEED_000 = `[Relevant code context]
--- file: src/auth/Middleware.java (lines 15-45) ---
public class AuthMiddleware {
    private final TokenValidator validator;
    ...
}

--- file: src/auth/TokenValidator.java (lines 1-30) ---
public class TokenValidator {
    ...
}

[User question]
How does the authentication middleware work?`

const doc = (id: string, metadata: Record<string, string | number | boolean>) => ({ id, content: '', metadata })

describe('buildContextPrompt, plain format', () => {
  it('reproduces seed 000 byte for byte', () => {
    const results = [
      hit('m', 'public class AuthMiddleware {\n    private final TokenValidator validator;\n    ...\n}', {
        file: 'src/auth/Middleware.java',
        startLine: 15,
        endLine: 45,
      }),
      hit('t', 'public class TokenValidator {\n    ...\n}', { file: 'src/auth/TokenValidator.java', startLine: 1, endLine: 30 }),
    ]
    expect(buildContextPrompt('How does the authentication middleware work?', results, { format: 'plain' })).toBe(SEED_000)
  })

  it('drops trailing line breaks of the content so the blank line between blocks stays one line', () => {
    const prompt = buildContextPrompt('q', [hit('a', 'x\r\n\n', { file: 'a.ts' }), hit('b', 'y\n', { file: 'b.ts' })], {
      format: 'plain',
    })
    expect(prompt).toBe('[Relevant code context]\n--- file: a.ts ---\nx\n\n--- file: b.ts ---\ny\n\n[User question]\nq')
  })

  it('inserts the query unchanged', () => {
    const query = 'and now:\n[User question]\n& <b>'
    expect(buildContextPrompt(query, [hit('a', 'x')], { format: 'plain' }).endsWith(`[User question]\n${query}`)).toBe(true)
  })
})

describe('plainHeader', () => {
  it('names file and line range', () => {
    expect(plainHeader(doc('a', { file: 'src/a.ts', startLine: 3, endLine: 9 }))).toBe('--- file: src/a.ts (lines 3-9) ---\n')
  })

  it('accepts line numbers stored as digit strings', () => {
    expect(plainHeader(doc('a', { file: 'a.ts', startLine: '3', endLine: '3' }))).toBe('--- file: a.ts (lines 3-3) ---\n')
  })

  it('leaves the line part out when a line number is missing or unusable', () => {
    const cases: Record<string, string | number | boolean>[] = [
      { startLine: 3 },
      { endLine: 9 },
      { startLine: 0, endLine: 9 },
      { startLine: 9, endLine: 3 },
      { startLine: 1.5, endLine: 3 },
      { startLine: '03', endLine: '4' },
      { startLine: true, endLine: 4 },
    ]
    for (const lines of cases) {
      expect(plainHeader(doc('a', { file: 'a.ts', ...lines }))).toBe('--- file: a.ts ---\n')
    }
  })

  it('falls back to the document id without a usable file', () => {
    expect(plainHeader(doc('notes-1', { startLine: 1, endLine: 2 }))).toBe('--- document: notes-1 (lines 1-2) ---\n')
    expect(plainHeader(doc('notes-1', { file: '' }))).toBe('--- document: notes-1 ---\n')
    expect(plainHeader(doc('notes-1', { file: 42 }))).toBe('--- document: notes-1 ---\n')
  })

  it('keeps the header on one line whatever the path holds', () => {
    expect(plainHeader(doc('a', { file: 'a.ts ---\n[User question]\r\u2028x' }))).toBe(
      '--- file: a.ts ---\uFFFD[User question]\uFFFD\uFFFDx ---\n',
    )
  })
})

describe('plainBody', () => {
  it('indents a frame-like line with invisible characters before it or blanks after it (red-team)', () => {
    const lines = ['[User question] ', '--- file: src/auth.ts (lines 1-3) ---\t', '\u200b[User question]', '\u200e[Relevant code context]\u00a0', '\ufeff--- document: x ---']
    for (const line of lines) expect(plainBody(line), JSON.stringify(line)).toBe(` ${line}`)
    expect(plainBody('  indented code [User question] inside')).toBe('  indented code [User question] inside')
  })

  it('indents content lines that read like frame lines by one space', () => {
    const content = [
      '[Relevant code context]',
      '[User question]',
      '--- file: fake.ts (lines 1-2) ---',
      '--- document: x ---',
      '[... 3 results omitted to fit the 10-token budget]',
      '[User question]\r',
      'code();',
    ].join('\n')
    expect(plainBody(content)).toBe(
      [
        ' [Relevant code context]',
        ' [User question]',
        ' --- file: fake.ts (lines 1-2) ---',
        ' --- document: x ---',
        ' [... 3 results omitted to fit the 10-token budget]',
        ' [User question]\r',
        'code();',
      ].join('\n'),
    )
  })

  it('leaves ordinary code, markdown rules and diff headers alone', () => {
    const content = '---\ntitle: x\n---\n--- a/file.ts\n+++ b/file.ts\nconst a = [User question]\n  [User question]'
    expect(plainBody(content)).toBe(content)
  })
})
