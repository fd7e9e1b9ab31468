import { describe, expect, it } from 'vitest'
import { parseFrontmatter } from './frontmatter.js'

describe('parseFrontmatter', () => {
  it('reads scalars, flow and block lists, nested keys and block scalars as flat metadata', () => {
    const text = [
      '---',
      'id: doc-7',
      'type: "runbook"',
      "module: 'billing' # trailing comment",
      'version: 3',
      'ratio: 0.5',
      'draft: false',
      'empty: ~',
      'tags: [payments, "a, b", refunds]',
      'owners:',
      '- alice',
      '- bob',
      'links:',
      '  repo: https://example.com/x#y',
      '  depth:',
      '    level: 2',
      'summary: >',
      '  folded',
      '  text',
      'notes: |',
      '  line 1',
      '  line 2',
      '---',
      '# Body',
    ].join('\n')
    expect(parseFrontmatter(text)).toEqual({
      lineCount: 23,
      fields: {
        id: 'doc-7',
        type: 'runbook',
        module: 'billing',
        version: 3,
        ratio: 0.5,
        draft: false,
        tags: 'payments, a, b, refunds',
        owners: 'alice, bob',
        'links.repo': 'https://example.com/x#y',
        'links.depth.level': 2,
        summary: 'folded text',
        notes: 'line 1\nline 2',
      },
    })
  })

  it('accepts CRLF line endings and a `...` end marker', () => {
    expect(parseFrontmatter('---\r\nid: a\r\n...\r\nbody')).toEqual({ lineCount: 3, fields: { id: 'a' } })
  })

  it('finds no frontmatter without an opening fence on line 1 or without a closing fence', () => {
    expect(parseFrontmatter('# Title\n---\nid: a\n---\n')).toBeUndefined()
    expect(parseFrontmatter('---\nid: a\nno end\n')).toBeUndefined()
    expect(parseFrontmatter('----\nid: a\n---\n')).toBeUndefined()
  })

  it('never throws on odd YAML and keeps what it cannot read as raw text', () => {
    expect(parseFrontmatter('---\n: nothing\n[weird\nkey: {a: 1}\n---\n')?.fields).toEqual({ key: '{a: 1}' })
  })
})
