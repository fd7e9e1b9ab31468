/**
 * Ruby's blocks as the line-by-line route readers (Sinatra's, Grape's) track them: a statement
 * that opens a block closed by `end` without a `do`, and a block that opens and closes on its line.
 */

/** Statements whose block closes with `end` without a `do`. */
export const RUBY_OPENERS: ReadonlySet<string> = new Set(['if', 'unless', 'case', 'begin', 'def', 'while', 'until', 'class', 'module'])

/** A one-line block (`get('/ping') { 'pong' }`, `... do 'x' end`): it opens and closes on its line. */
export const RUBY_CLOSED_ON_LINE = /(\{[^{}]*\}|\bdo\b.*\bend)\s*(?:#.*)?$/
