import { describe, expect, it } from 'vitest'
import { parseBracketed } from '../args.js'
import { delegatedCallee, handlerOf } from './detector.js'

describe('delegatedCallee', () => {
  it('names the function a lambda hands the request to when its body is that one call', () => {
    expect(delegatedCallee('(req, res) => controller.list(req, res)')).toBe('controller.list')
    expect(delegatedCallee('async (repo) => { return await HandleAsync(repo); }')).toBe('HandleAsync')
    expect(delegatedCallee('function (req, res) { users.show(req.params.id, res) }')).toBe('users.show')
  })

  it('names none for a body of several statements, a statement, a call on a parameter or a print (fastify tests, commander examples)', () => {
    expect(delegatedCallee("(req, res) => { audit(req) res.send('ok') }")).toBe('')
    expect(delegatedCallee("(req, res) => { audit(req); res.send('ok') }")).toBe('')
    expect(delegatedCallee("(req, res) => { if (req.query.a) res.send('a') }")).toBe('')
    expect(delegatedCallee('function (req, res) { for (const k of keys) { res.set(k, 1) } }')).toBe('')
    expect(delegatedCallee("(req, res) => res.send('ok')")).toBe('')
    expect(delegatedCallee("(script) => { console.log('run %s', script) }")).toBe('')
  })

  it('names no handler for `undefined` or `null`', () => {
    const [path, none, named] = parseBracketed("('/foo/4', undefined, listUsers)")
    expect(path?.kind).toBe('string')
    expect(handlerOf(none)).toBe('')
    expect(handlerOf(named)).toBe('listUsers')
  })
})
