import { describe, expect, it } from 'vitest'
import { readPropertiesDocuments } from './properties-file.js'

const valuesOf = (text: string): Record<string, string>[] => readPropertiesDocuments(text).map((doc) => Object.fromEntries([...doc].map(([key, { value }]) => [key, value])))

describe('readPropertiesDocuments', () => {
  it('reads =, : and space separators with the line of each key', () => {
    const [doc] = readPropertiesDocuments('# server\nserver.port = 8080\nserver.servlet.context-path:/api\nspring.application.name demo\n')
    expect(doc?.get('server.port')).toEqual({ value: '8080', line: 2 })
    expect(doc?.get('server.servlet.context-path')).toEqual({ value: '/api', line: 3 })
    expect(doc?.get('spring.application.name')).toEqual({ value: 'demo', line: 4 })
  })

  it('skips # and ! comment lines but keeps a # inside a value, as Java does', () => {
    expect(valuesOf('  # a comment\n! another\nquarkus.http.root-path=/api#v1\n')).toEqual([{ 'quarkus.http.root-path': '/api#v1' }])
  })

  it('joins continuation lines and reads escapes', () => {
    const [doc] = readPropertiesDocuments('a.path=/one\\\n    /two\nb\\:key=x\\u0041\\ty\nc=back\\\\\nd=1\n')
    expect(doc?.get('a.path')).toEqual({ value: '/one/two', line: 1 })
    expect(doc?.get('b:key')?.value).toBe('xA\ty')
    expect(doc?.get('c')?.value).toBe('back\\')
    expect(doc?.get('d')).toEqual({ value: '1', line: 5 })
  })

  it('splits Spring Boot documents at #--- lines, and a later setting of a key wins', () => {
    expect(valuesOf('a=1\na=2\n#---\nspring.config.activate.on-profile=dev\na=3\r\n')).toEqual([{ a: '2' }, { 'spring.config.activate.on-profile': 'dev', a: '3' }])
  })
})
