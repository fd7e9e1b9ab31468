import { describe, expect, it } from 'vitest'
import { readYamlDocuments } from './yaml-file.js'

const valuesOf = (text: string): Record<string, string>[] => readYamlDocuments(text).map((doc) => Object.fromEntries([...doc].map(([key, { value }]) => [key, value])))

describe('readYamlDocuments', () => {
  it('flattens nested mappings to dotted keys, with the line of each key', () => {
    const [doc] = readYamlDocuments('server:\n  port: 8080\n  servlet:\n    context-path: /api\nspring:\n  application:\n    name: demo\n')
    expect(doc?.get('server.servlet.context-path')).toEqual({ value: '/api', line: 4 })
    expect(doc?.get('server.port')).toEqual({ value: '8080', line: 2 })
    expect(doc?.get('spring.application.name')).toEqual({ value: 'demo', line: 7 })
  })

  it('follows the indentation a file uses, going back out any number of levels', () => {
    const text = 'quarkus:\n    http:\n        root-path: /app\n    rest:\n        path: /api\nserver.servlet:\n  context-path: /x\n'
    expect(valuesOf(text)).toEqual([{ 'quarkus.http.root-path': '/app', 'quarkus.rest.path': '/api', 'server.servlet.context-path': '/x' }])
  })

  it('unquotes single- and double-quoted keys and values', () => {
    const text = `"%dev":\n  quarkus:\n    http:\n      root-path: '/dev'\nserver:\n  servlet:\n    'context-path': "/it's\\tok"\n  name: 'it''s'\n`
    expect(valuesOf(text)).toEqual([{ '%dev.quarkus.http.root-path': '/dev', 'server.servlet.context-path': "/it's\tok", 'server.name': "it's" }])
  })

  it('drops comments, but not a # inside quotes or a word', () => {
    const text = '# top\nserver: # the server\n  # nested comment\n  servlet:\n    context-path: /api # the API\n  a: "x # y"\n  b: c#d\n'
    expect(valuesOf(text)).toEqual([{ 'server.servlet.context-path': '/api', 'server.a': 'x # y', 'server.b': 'c#d' }])
  })

  it('skips sequences, block scalars and flow collections with what they hold', () => {
    const text = [
      'spring:',
      '  profiles:',
      '    include:',
      '      - path: /not-a-setting',
      '        name: x',
      '  banner: |',
      '    path: /not-either',
      '  list: [a,',
      '    b]',
      '  mvc:',
      '    servlet:',
      '      path: /mvc',
      'tags:',
      '- one',
      '- two: 2',
      'after: yes',
    ].join('\n')
    expect(valuesOf(text)).toEqual([{ 'spring.mvc.servlet.path': '/mvc', after: 'yes' }])
  })

  it('reads sequences of scalars, flow or block, as items', () => {
    const text = ['blog_show:', '  methods: [GET, "POST"]', 'blog_edit:', '  methods:', '    - PUT', "    - 'PATCH'", '  path: /edit', 'mixed: [a, {b: 1}]'].join('\n')
    const [document] = readYamlDocuments(text)
    expect(document?.get('blog_show.methods')).toEqual({ value: '', line: 2, items: ['GET', 'POST'] })
    expect(document?.get('blog_edit.methods')).toEqual({ value: '', line: 4, items: ['PUT', 'PATCH'] })
    expect(document?.get('blog_edit.path')).toEqual({ value: '/edit', line: 7 })
    expect(document?.has('mixed')).toBe(false)
  })

  it('splits documents at --- and reads tags, anchors and empty values', () => {
    const text = 'a: 1\n---\nspring:\n  config:\n    activate:\n      on-profile: dev\nb: !!str &x /b\nc: ~\n...\n'
    expect(valuesOf(text)).toEqual([{ a: '1' }, { 'spring.config.activate.on-profile': 'dev', b: '/b', c: '' }])
  })
})
