import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPathConfinement, PathNotAllowedError, type PathConfinement } from './path-confinement.js'

describe('createPathConfinement', () => {
  let base: string
  let confine: PathConfinement

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'rag-confine-'))
    await mkdir(join(base, 'root/a/b'), { recursive: true })
    await mkdir(join(base, 'second'), { recursive: true })
    await mkdir(join(base, 'outside'), { recursive: true })
    await writeFile(join(base, 'outside/secret.txt'), 'secret')
    await symlink(join(base, 'outside'), join(base, 'root/out'))
    await symlink(join(base, 'root/a'), join(base, 'root/inner-link'))
    await symlink(join(base, 'root'), join(base, 'root-link'))
    confine = createPathConfinement([join(base, 'root-link'), join(base, 'second')])
  })
  afterAll(() => rm(base, { recursive: true, force: true }))

  it('resolves roots to real paths', () => {
    expect(confine.roots).toEqual([join(base, 'root'), join(base, 'second')])
  })

  it('accepts relative paths from the first root, absolute paths inside any root, and links staying inside', async () => {
    expect(await confine.resolve('a/b')).toBe(join(base, 'root/a/b'))
    expect(await confine.resolve('.')).toBe(join(base, 'root'))
    expect(await confine.resolve(join(base, 'second'))).toBe(join(base, 'second'))
    expect(await confine.resolve(join(base, 'root-link/a'))).toBe(join(base, 'root/a'))
    expect(await confine.resolve('inner-link/b')).toBe(join(base, 'root/a/b'))
  })

  it.each(['..', '../outside', 'a/../../outside', 'a\\..\\..', '%2e%2e/outside', '..%2Foutside', '%5c', 'a\u0000b', 'out', 'out/'])(
    'refuses %j',
    async (path) => {
      await expect(confine.resolve(path)).rejects.toBeInstanceOf(PathNotAllowedError)
    },
  )

  it('refuses absolute paths outside the roots, and a root-prefix sibling', async () => {
    await expect(confine.resolve('/etc')).rejects.toBeInstanceOf(PathNotAllowedError)
    await expect(confine.resolve(join(base, 'outside'))).rejects.toBeInstanceOf(PathNotAllowedError)
    await expect(confine.resolve(join(base, 'root') + '-evil')).rejects.toBeInstanceOf(PathNotAllowedError)
  })

  it('reports a missing path inside the roots as NOT_FOUND, one line', async () => {
    await expect(confine.resolve('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('refuses an empty root list or a missing root with a ConfigError', () => {
    expect(() => createPathConfinement([])).toThrow(expect.objectContaining({ code: 'CONFIG' }))
    expect(() => createPathConfinement([join(base, 'nope')])).toThrow(expect.objectContaining({ code: 'CONFIG' }))
  })
})
