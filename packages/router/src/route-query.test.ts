import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '@rag/core'
import { createQueryRouter, routeQuery, type QueryPlan } from './route-query.js'
import type { QueryIntent } from './intent.js'

/** A query, the intent it must get, and anchors (`kind:text`) that must be among its anchors. */
type Row = readonly [query: string, intent: QueryIntent, anchors: readonly string[]]

// Real-looking requests of developers and agents, in the styles they come in: commit subjects,
// bug reports, questions, keyword bags, paths, routes; English, plus a few in other languages.
const TABLE: readonly Row[] = [
  // Change requests: a change verb first.
  ['Fix `ky.extend()` dropping hooks from the parent instance', 'locate', ['qualified:ky.extend']],
  ['Add retry support to HttpClient.send when the server returns 503', 'locate', ['qualified:HttpClient.send']],
  ['Remove the deprecated parseArgs helper', 'locate', ['identifier:parseArgs']],
  ['Allow `throwHttpErrors` option to be a function', 'locate', ['identifier:throwHttpErrors']],
  ['Support default values for collections in form binding', 'locate', []],
  ['Rename MAX_RETRY_COUNT to MAX_RETRIES in src/config/defaults.ts', 'locate', ['identifier:MAX_RETRY_COUNT', 'identifier:MAX_RETRIES', 'path:src/config/defaults.ts']],
  ['Refactor the token bucket in lib/rate_limiter.py to use monotonic time', 'locate', ['path:lib/rate_limiter.py']],
  ['Implement pingInterval for dispatching PING frames', 'locate', ['identifier:pingInterval']],
  ['Use strings.Cut to replace strings.SplitN', 'locate', ['qualified:strings.Cut', 'qualified:strings.SplitN']],
  ['Deprecate defaultIfNull(Object, Object) in favour of getIfNull', 'locate', ['identifier:defaultIfNull', 'identifier:getIfNull']],
  ['Expose Command::get_overridden_usage for other crates', 'locate', ['qualified:Command::get_overridden_usage']],
  ['Make #reconnect synchronous', 'locate', ['identifier:#reconnect']],
  ['Avoid using filepath.Dir twice in SaveUploadedFile', 'locate', ['qualified:filepath.Dir', 'identifier:SaveUploadedFile']],
  ['Update the cache key of MemoryCacheStore to include the Vary headers', 'locate', ['identifier:MemoryCacheStore']],
  ['Extract `_guess_type` from `convert_type` and add overloads', 'locate', ['identifier:_guess_type', 'identifier:convert_type']],
  ['Handle EPIPE in the pager when the reader exits early', 'locate', ['proper:EPIPE']],
  ['Prevent duplicate decoding and add validation in decodeToml', 'locate', ['identifier:decodeToml']],
  ['Document the interaction between default and flag_value', 'locate', ['identifier:flag_value']],
  ['Optimize AsciiJSON.Render by reusing the buffer', 'locate', ['qualified:AsciiJSON.Render']],
  ['Set argument type to `directory` for `ValueHint::DirPath`', 'locate', ['qualified:ValueHint::DirPath']],
  // Defect reports without a verb first.
  ['eventsource does not reconnect on network error', 'locate', []],
  ['TypeError: Cannot read properties of undefined (reading "headers") in fetch()', 'locate', ['identifier:TypeError', 'identifier:fetch']],
  ['Crash when the config file is empty', 'locate', []],
  ['onParserTimeout throws when the weak reference was already collected', 'locate', ['identifier:onParserTimeout']],
  ['Login fails with "invalid token signature" after refresh', 'locate', ['message:invalid token signature']],
  // Code quoted inside a message is part of it; between two apostrophes of prose it makes no message.
  ["I'm getting 'The `options` argument must be an object', what triggers that?", 'explain', ['message:The options argument must be an object', 'identifier:options']],
  ["the client's `retry` option doesn't apply", 'locate', ['identifier:retry']],
  ['Memory leak from cloned responses in body shortcuts', 'locate', []],
  ['The --ignore-case flag is ignored by the search command', 'locate', ['option:--ignore-case']],
  ['Regression: StringUtils.abbreviate returns null for empty input', 'locate', ['qualified:StringUtils.abbreviate']],
  ['Several hash collisions in the Fraction class', 'locate', ['proper:Fraction']],
  ['panic in tree.go when a wildcard route conflicts with a static one', 'locate', ['path:tree.go']],
  // Where is it (locating questions).
  ['where is parseArgs defined?', 'locate', ['identifier:parseArgs']],
  ['Where do we compute the retry delay?', 'locate', []],
  ['where is the websocket handshake implemented', 'locate', []],
  ['Where are request headers normalized before sending?', 'locate', []],
  // Explanations.
  ['how does the retry logic work in `ky.extend()`?', 'explain', ['qualified:ky.extend']],
  ['What does normalizeOptions do?', 'explain', ['identifier:normalizeOptions']],
  ['Why is the BM25 index rebuilt on every commit?', 'explain', []],
  ['explain the commit latch in RagService', 'explain', ['identifier:RagService']],
  ['How are chunk ids made stable across runs?', 'explain', []],
  ['what is the difference between Pool and BalancedPool', 'explain', ['identifier:BalancedPool']],
  // Tests.
  ['where are the tests for parseArgs?', 'find-tests', ['identifier:parseArgs']],
  ['find the tests of the gitignore matcher', 'find-tests', []],
  ['show me the unit tests for HybridRetriever', 'find-tests', ['identifier:HybridRetriever']],
  ['tests for src/ingest/walk.ts', 'find-tests', ['path:src/ingest/walk.ts']],
  ['Write tests for the rate limiter', 'find-tests', []],
  ['add a regression test for the empty-query error', 'find-tests', []],
  ['Which tests cover the SQLite upgrade path?', 'find-tests', []],
  ['is normalizeName tested anywhere?', 'find-tests', ['identifier:normalizeName']],
  // Entry points.
  ['which handler serves POST /orders', 'find-entrypoints', ['endpoint:/orders']],
  ['GET /users/:id returns 500 when the user is missing', 'find-entrypoints', ['endpoint:/users/:id']],
  ['list all routes', 'find-entrypoints', []],
  ['what command handles `rag index`?', 'find-entrypoints', []],
  ['where is the entry point of the CLI', 'find-entrypoints', []],
  ['which controller serves `DELETE /api/v1/sessions/{id}`', 'find-entrypoints', ['endpoint:/api/v1/sessions/{id}']],
  // RPC-style routes keep their dots; a sentence's closing period is not part of the path.
  ['which handler serves /api/shares.create', 'find-entrypoints', ['endpoint:/api/shares.create']],
  ['what does POST /api/documents.move return?', 'find-entrypoints', ['endpoint:/api/documents.move']],
  ['the handler of GET /users/:id.', 'find-entrypoints', ['endpoint:/users/:id']],
  ['where is /health served.', 'find-entrypoints', ['endpoint:/health']],
  // Flask's and Django's parameters; a URL's path.
  ['which handler serves DELETE /api/articles/<slug>/favorite', 'find-entrypoints', ['endpoint:/api/articles/<slug>/favorite']],
  ['what does /users/<int:id>/posts return', 'explain', ['endpoint:/users/<int:id>/posts']],
  ['POST http://localhost:3000/api/users/login returns 401', 'find-entrypoints', ['endpoint:/api/users/login']],
  ['what serves http://localhost:8080/owners/42/edit?', 'find-entrypoints', ['endpoint:/owners/42/edit']],
  // Open a file.
  ['lib/core/util.js', 'open-file', ['path:lib/core/util.js']],
  ['open source/core/Ky.ts', 'open-file', ['path:source/core/Ky.ts']],
  ['show packages/cli/src/config/config-keys.ts', 'open-file', ['path:packages/cli/src/config/config-keys.ts']],
  ['`binding/form_mapping.go`', 'open-file', ['path:binding/form_mapping.go']],
  // Documentation questions.
  ['where is the retry option documented?', 'docs', []],
  ['what do the docs say about maxPerFile', 'docs', ['identifier:maxPerFile']],
  ['Is there a guide for writing a custom stream?', 'docs', []],
  // Keyword bags.
  ['retry backoff jitter', 'general', []],
  ['websocket permessage deflate', 'general', []],
  ['connection pool stats', 'general', []],
  ['@rag/core errors', 'locate', ['module:@rag/core']],
  ['net/http HandleFunc middleware', 'locate', ['module:net/http', 'identifier:HandleFunc']],
  // Other languages: must not crash; code anchors still found.
  ['Исправить ошибку в парсере `parseArgs`', 'locate', ['identifier:parseArgs']],
  ['Warum schlägt `loadConfig()` bei leeren Dateien fehl?', 'explain', ['identifier:loadConfig']],
  ['修复 src/server.ts 中的内存泄漏', 'locate', ['path:src/server.ts']],
  ['corrige el error en HttpClient cuando el servidor responde 503', 'locate', ['identifier:HttpClient']],
]

function anchorKeys(plan: QueryPlan): string[] {
  return plan.anchors.map((a) => `${a.kind}:${a.text}`)
}

describe('routeQuery', () => {
  it('has a table of at least 60 queries', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60)
  })

  it.each(TABLE)('routes %j to %s', (query, intent, anchors) => {
    const plan = routeQuery(query)
    expect(plan.intent, plan.reasons.join('; ')).toBe(intent)
    expect(anchorKeys(plan)).toEqual(expect.arrayContaining([...anchors]))
  })

  it('never reads a sentence-joining period as a qualified name', () => {
    const plan = routeQuery('Fix the loop. Next we add tests')
    expect(anchorKeys(plan)).not.toContain('qualified:loop.Next')
  })

  it('does not take Node.js for a file or a qualified name', () => {
    expect(anchorKeys(routeQuery('fix EnvHttpProxyAgent for the Node.js bundle')).some((k) => k.includes('Node.js'))).toBe(false)
  })

  it('keeps capitalised sentence starters out of the anchors', () => {
    const keys = anchorKeys(routeQuery('Fix handling. The Dispatcher needs methods. This is urgent'))
    expect(keys).toContain('proper:Dispatcher')
    expect(keys).not.toContain('proper:The')
    expect(keys).not.toContain('proper:This')
  })

  it('demotes tests for a change and boosts them for "find tests"', () => {
    const change = routeQuery('Fix the retry delay in the client')
    expect(change.priors.demote).toContain('test')
    expect(change.priors.boost).toEqual([])
    for (const query of ['retry tests', 'the parser specs', 'documents.create tests']) expect(routeQuery(query).intent, query).toBe('find-tests')
    for (const query of ['fix flaky tests', 'add tests', 'Update the retry tests']) expect(routeQuery(query).intent, query).not.toBe('find-tests')
    const tests = routeQuery('where are the tests for the retry delay?')
    expect(tests.priors.demote).not.toContain('test')
    expect(tests.priors.boost).toEqual(['test'])
  })

  it('lets a path decide for "open file" and boosts docs for a docs question', () => {
    expect(routeQuery('open lib/core/util.js').priors.demote).toEqual([])
    expect(routeQuery('where is the retry option documented?').priors.boost).toEqual(['docs'])
  })

  it('boosts the examples or benchmarks a question names, not a change request that mentions them', () => {
    for (const query of ['example of validating a port number argument', 'git-like subcommands example', 'how do I run the benchmarks']) {
      const plan = routeQuery(query)
      const asked = query.includes('bench') ? 'benchmark' : 'example'
      expect(plan.priors.boost, query).toContain(asked)
      expect(plan.priors.demote, query).not.toContain(asked)
      expect(plan.reasons, query).toContain(`asks for: ${asked}`)
    }
    const change = routeQuery('Fix the example for custom headers')
    expect(change.intent).toBe('locate')
    expect(change.priors.demote).toContain('example')
    expect(change.priors.boost).toEqual([])
  })

  it("keeps level with source the categories a query's route path names: an app's pages live in folders named like their URLs", () => {
    // vue-element-admin serves `/example/edit/:id` by `src/views/example/edit.vue` and `/documentation/index` by `src/views/documentation/index.vue`.
    for (const [query, category] of [
      ['GET /example/edit/3 shows wrong data', 'example'],
      ['which view serves /documentation/index', 'docs'],
      ['/demo/charts is blank', 'example'],
    ] as const) {
      const plan = routeQuery(query)
      expect(plan.priors.demote, query).not.toContain(category)
      expect(plan.priors.boost, query).not.toContain(category)
      expect(plan.reasons.join('; '), query).toContain(`a route's path names: ${category}`)
    }
    // Words of the query outside the route path still count as before; other categories stay demoted.
    const plan = routeQuery('Fix the example for GET /users/:id')
    expect(plan.priors.demote).toContain('example')
    expect(routeQuery('GET /example/edit/3 shows wrong data').priors.demote).toContain('test')
  })

  it('keeps docs, examples and prose level with source for a usage question, and reads "what changed" as a docs question', () => {
    for (const query of ['how do I write a custom log format', 'How can I gracefully shut down the server?', 'how to translate outline into another language']) {
      const plan = routeQuery(query)
      expect(plan.priors.demote, query).not.toContain('docs')
      expect(plan.priors.demote, query).not.toContain('example')
      expect(plan.priors.demote, query).toContain('test')
    }
    expect(routeQuery('how does the router match a path').priors.demote).toContain('docs')
    for (const query of ['what changed in version 3.1', 'what do the release notes of 2.0 say', 'what are the changes in v4']) expect(routeQuery(query).intent, query).toBe('docs')
  })

  it('keeps configuration level with source for a question that names it, not for a change request (nestjs-boilerplate: auth.config.ts)', () => {
    for (const query of ['how long are access tokens valid, jwt expiry config', 'which settings control the cache size', 'what are the default timeout settings']) {
      const plan = routeQuery(query)
      expect(plan.priors.demote, query).not.toContain('config')
      expect(plan.priors.boost, query).not.toContain('config')
      expect(plan.priors.demote, query).toContain('test')
    }
    expect(routeQuery('how are access tokens validated').priors.demote).toContain('config')
    // A change request or a "where is" question asks for the code (the code that reads the configuration).
    expect(routeQuery('Fix config parsing of nested tables').priors.demote).toContain('config')
    expect(routeQuery('where is the logging configuration read').priors.demote).toContain('config')
  })

  it('keeps content words without stop words and change verbs', () => {
    const plan = routeQuery('Fix signal handling for Request objects')
    expect(plan.terms).toEqual(expect.arrayContaining(['signal', 'handling', 'request', 'objects']))
    expect(plan.terms).not.toContain('fix')
    expect(plan.terms).not.toContain('for')
  })

  it('marks words under a negation', () => {
    expect(routeQuery('the client does not reconnect').negated).toContain('reconnect')
  })

  it('explains its decision', () => {
    const plan = routeQuery('Fix `ky.extend()` dropping hooks')
    expect(plan.reasons[0]).toMatch(/^intent locate: the query starts with the change verb "Fix"/)
    expect(plan.reasons[1]).toBe('anchors: qualified ky.extend')
  })

  it('searches the query as written by default, and lemmas on request with code kept as written', () => {
    const query = 'Fix signal handling when `ky.extend()` fails'
    expect(routeQuery(query).searchText).toBe(query)
    const lemmas = createQueryRouter({ queryTerms: 'lemmas' }).route(query).searchText
    expect(lemmas).toContain('ky.extend')
    expect(lemmas).toContain('handle')
    expect(lemmas).not.toContain('handling')
    expect(createQueryRouter({ queryTerms: 'original+lemmas' }).route(query).searchText).toBe(`${query} handle fail`)
  })

  it('routes without NLP from patterns alone', () => {
    const router = createQueryRouter({ nlp: false })
    expect(router.route('where are the tests for parseArgs?').intent).toBe('find-tests')
    expect(router.route('Fix the retry delay').intent).toBe('locate')
  })

  it('rejects an empty query with a typed error', () => {
    expect(() => routeQuery('')).toThrow(InvalidArgumentError)
    expect(() => routeQuery('   ')).toThrow(InvalidArgumentError)
  })

  it('survives very long and odd input', () => {
    const long = `${'Fix the parser '.repeat(500)} \u0000 \uD83D\uDE00 ${'x'.repeat(10_000)}`
    expect(routeQuery(long).intent).toBe('locate')
    expect(() => routeQuery('``` `` ` " \' ( ) [ ] { } :: .. // --')).not.toThrow()
  })
})
