import { describe, expect, it } from 'vitest'
import { goStringConstant } from './go-string-constants.js'

describe('goStringConstant', () => {
  it('reads const, var and := strings of the file, and nothing it cannot know', () => {
    const text = [
      'const usersPath = "/users"',
      'const (',
      '\tapiBase   = `/api`',
      '\tescaped string = "/a\\"b"',
      ')',
      'var health string = "/healthz"',
      'func main() {',
      '\tlocal := "/local"',
      '\tcomputed := base + "/x"',
      '}',
    ].join('\n')
    expect(goStringConstant(text, 'usersPath')).toBe('/users')
    expect(goStringConstant(text, 'apiBase')).toBe('/api')
    expect(goStringConstant(text, 'escaped')).toBe('/a\\"b')
    expect(goStringConstant(text, 'health')).toBe('/healthz')
    // A local, where the function uses it (not after the function).
    const inMain = text.indexOf('}', text.indexOf('func main'))
    expect(goStringConstant(text, 'local', inMain)).toBe('/local')
    expect(goStringConstant(text, 'local')).toBeUndefined()
    expect(goStringConstant(text, 'computed', inMain)).toBeUndefined()
    expect(goStringConstant(text, 'Path')).toBeUndefined()
    expect(goStringConstant(text, 'config.Path')).toBeUndefined()
    // A name that only ends like a constant is not it.
    expect(goStringConstant('const myUsersPath = "/other"', 'UsersPath')).toBeUndefined()
  })

  it('lets a parameter or a local of the calling function shadow the constant', () => {
    const text = [
      'const usersPath = "/users"',
      'func register(r *gin.Engine, usersPath string, h gin.HandlerFunc) {',
      '\tr.POST(usersPath, h)',
      '}',
      'func other(r *gin.Engine) {',
      '\tusersPath := "/shadowed"',
      '\tr.PUT(usersPath, h)',
      '}',
      'func third(r *gin.Engine) {',
      '\tr.GET(usersPath, h)',
      '}',
    ].join('\n')
    const at = (call: string): number => text.indexOf(call)
    expect(goStringConstant(text, 'usersPath', at('r.POST'))).toBeUndefined()
    expect(goStringConstant(text, 'usersPath', at('r.PUT'))).toBe('/shadowed')
    expect(goStringConstant(text, 'usersPath', at('r.GET'))).toBe('/users')
  })
})
