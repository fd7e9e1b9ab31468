import { describe, expect, it } from 'vitest'
import { declarationPattern, declaringText } from './local-declaration.js'

describe('declarationPattern', () => {
  it.each([
    ['getUser', 'async function getUser (request, reply) {'],
    ['getUser', '  function* getUser<T>(req) {'],
    ['getUser', '  const getUser = async (request, reply) => {'],
    ['getUser', '  let getUser: Handler = function (req, res) {'],
    ['get_user', '    def get_user(request):'],
    ['getUser', '  fun getUser(call: ApplicationCall) {'],
    ['getUser', '\tgetUser := func(c *gin.Context) {'],
    ['$handler', '    $handler = function ($request) {'],
    ['handler', '    $handler = static fn ($request) => 1;'],
  ])('finds %s in %j', (name, line) => {
    expect(declarationPattern(name)!.test(line)).toBe(true)
  })

  it.each([
    ['getUser', "fastify.get('/users/:id', getUser)"],
    ['getUser', 'const { getUser } = require("./handlers")'],
    ['getUser', 'if (getUser == other) {'],
    ['getUser', 'const getUserName = () => 1'],
    ['getUser', 'this.getUser = function () {}'],
    ['getUser', 'return api.getUser(id)'],
  ])('does not take %s in %j', (name, line) => {
    expect(declarationPattern(name)!.test(line)).toBe(false)
  })

  it('is undefined for what is no plain identifier', () => {
    expect(declarationPattern('users.show')).toBeUndefined()
    expect(declarationPattern('')).toBeUndefined()
  })
})

describe('declaringText', () => {
  it('gives the first text that declares the name, and the line of the declaration in it', () => {
    const texts = ["fastify.get('/a', getUser)\n", 'const db = 1\n\nconst getUser = async (req) => {\n  return db\n}\n', 'function getUser () {}\n']
    expect(declaringText('getUser', texts)).toEqual({ text: 1, line: 2 })
    expect(declaringText('nobody', texts)).toBeUndefined()
  })
})
