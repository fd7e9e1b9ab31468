import type { EntrypointDraft } from '../facts.js'
import { joinRoute, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'
import { RUBY_CLOSED_ON_LINE, RUBY_OPENERS } from './ruby-blocks.js'

/** Sinatra's route verbs. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS', head: 'HEAD', link: 'LINK', unlink: 'UNLINK' }

/**
 * A statement opening a `do ... end` or `{ ... }` block: its first word and string argument
 * (`get '/hello/:name' do |name|`, `post("/login") {`, `namespace '/api' do`).
 */
const STATEMENT = /^\s*(\w+)\s*\(?\s*(?:(['"])([^'"]*)\2)?[^#]*?(\bdo\b(?:\s*\|[^|]*\|)?|\{(?:\s*\|[^|]*\|)?)?\s*(?:#.*)?$/

/** A class that extends another, not one of Grape's or Rails' own bases. */
const SUBCLASS = /^[ \t]*class[ \t]+[\w:]+[ \t]*<[ \t]*(?!Grape::|ActionController::|ApplicationController\b)[A-Z][\w:]*/m
/** A route with a block: `get '/sign_in' do`, `post("/x") {`. */
const BLOCK_ROUTE = /^[ \t]*(?:get|post|put|patch|delete)[ \t]*\(?[ \t]*(['"])\/[^'"]*\1[^\n#]*?(?:\bdo\b|\{)/m


/**
 * Sinatra (classic and modular apps, sinatra-contrib's `namespace`): `get '/path' do ... end` and
 * the other verbs with a string path, under the paths of the `namespace '/api' do` blocks around
 * them, read line by line with Ruby's `do ... end` and `{ ... }` blocks. A route's handler is its
 * block (inline): `''`. A regular-expression route (`get %r{/x}`) is not read.
 */
export const sinatraRoutes: EntrypointDetector = {
  framework: 'sinatra',
  languages: ['ruby'],
  imports: ['sinatra'],
  // A modular app's class may live in a file that requires nothing of Sinatra itself.
  mentions: /\bSinatra::(?:Base|Application)\b/,
  // Or inherit it through a base class of the app's (`class Auth < Base` of `class Base < Sinatra::Base`): a class
  // that extends another and declares `get '/path' do` blocks in its body (Rails' route files have no blocks; Grape's API is not Sinatra).
  opens: (context) => SUBCLASS.test(context.facts.text) && BLOCK_ROUTE.test(context.facts.text),
  detect(context: DetectContext): EntrypointDraft[] {
    const { text } = context.facts
    const drafts: EntrypointDraft[] = []
    // The namespace path each open block adds (`''` for other blocks).
    const stack: string[] = []
    let offset = 0
    const lines = text.split('\n')
    for (let row = 0; row < lines.length; offset += (lines[row] as string).length + 1, row++) {
      const line = lines[row] as string
      // `end` or `}` closes the innermost block.
      if (/^\s*(?:end\b|\})/.test(line)) {
        stack.pop()
        continue
      }
      const match = STATEMENT.exec(line)
      if (!match) continue
      const [, word = '', , path, block] = match
      const prefix = stack.join('')
      const closed = RUBY_CLOSED_ON_LINE.test(line)
      const method = ownEntry(VERBS, word)
      if (method !== undefined && path !== undefined && (block !== undefined || closed)) {
        drafts.push({ kind: 'http-route', framework: 'sinatra', method, route: joinRoute(prefix, path) || '/', handler: '', row, offset, text: line.trim().slice(0, 200) })
      }
      if (closed) continue
      if (block !== undefined) stack.push(word === 'namespace' && path !== undefined ? path : '')
      else if (RUBY_OPENERS.has(word)) stack.push('')
    }
    return drafts
  },
}
