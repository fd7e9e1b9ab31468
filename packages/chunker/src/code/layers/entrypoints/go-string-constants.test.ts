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
    expect(goStringConstant(text, 'local')).toBe('/local')
    expect(goStringConstant(text, 'computed')).toBeUndefined()
    expect(goStringConstant(text, 'Path')).toBeUndefined()
    expect(goStringConstant(text, 'config.Path')).toBeUndefined()
    // A name that only ends like a constant is not it.
    expect(goStringConstant('const myUsersPath = "/other"', 'UsersPath')).toBeUndefined()
  })
})
