import type { EntrypointRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { handlerName, routeFunctions } from './route-functions.js'

/** An HTTP route with the given handler and text. */
const route = (handler: string, text: string): EntrypointRecord => ({
  layer: 'C3_ENTRYPOINTS',
  id: 'r',
  path: 'routes.js',
  title: 'GET /',
  language: 'javascript',
  startLine: 1,
  endLine: 1,
  isTest: false,
  kind: 'http-route',
  framework: 'express',
  method: 'GET',
  route: '/',
  handler,
  handlerSymbolId: '',
  declaringSymbolId: '',
  text,
})

describe('routeFunctions', () => {
  it('reads the handler, then the middleware named before it in its call', () => {
    expect(routeFunctions(route('getUsers', "router.route('/').post(registerUser).get(protect, admin, getUsers)"))).toEqual(['getUsers', 'protect', 'admin'])
    expect(routeFunctions(route('user.list', "app.get('/users', auth.check, user.list)"))).toEqual(['user.list', 'auth.check'])
  })

  it('takes no call, string or literal for a middleware, and the handler alone when the text does not show it', () => {
    expect(routeFunctions(route('userController.createUser', "router.route('/').post(auth('manageUsers'), validate(schema.create), userController.createUser)"))).toEqual(['userController.createUser'])
    expect(routeFunctions(route('list', "app.get('/users', [a, b], { x: 1 }, list)"))).toEqual(['list'])
    expect(routeFunctions(route('list', 'app.get(...cut'))).toEqual(['list'])
    expect(routeFunctions(route('', "app.get('/x', (req, res) => res.end())"))).toEqual([])
  })

  it('names a handler by its last name', () => {
    expect(handlerName('user.list')).toBe('list')
    expect(handlerName('users#index')).toBe('index')
    expect(handlerName('save!')).toBe('save!')
  })
})
