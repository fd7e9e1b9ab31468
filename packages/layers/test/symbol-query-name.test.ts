import { describe, expect, it } from 'vitest'
import { symbolQueryName } from '../src/index.js'

describe('symbolQueryName', () => {
  it.each([
    ['Command::new', 'Command.new'],
    ['clap::Command::new()', 'clap.Command.new'],
    ['::main', 'main'],
    ['StringUtils#isBlank', 'StringUtils.isBlank'],
    ['M::Foo#bar', 'M.Foo.bar'],
    ['Foo->bar', 'Foo.bar'],
    ['Command::*', 'Command.*'],
    ['*#close', '*.close'],
    ['  parseArgs  ', 'parseArgs'],
    ['App\\Http\\Controllers\\UserController', 'App.Http.Controllers.UserController'],
    ['\\App\\Models\\User::find', 'App.Models.User.find'],
  ])('reads %s as %s', (query, name) => {
    expect(symbolQueryName(query)).toBe(name)
  })

  it('keeps a # that starts a name (a JavaScript private member) and the dots of a qualified name', () => {
    expect(symbolQueryName('#count')).toBe('#count')
    expect(symbolQueryName('Counter.#count')).toBe('Counter.#count')
    expect(symbolQueryName('ns.Foo.bar')).toBe('ns.Foo.bar')
  })
})
