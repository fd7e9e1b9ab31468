import type { PlanCategory } from './plan.js'

/** Words that ask for the files of a category by naming it ("an example of", "the benchmarks"). */
const NAMED: readonly (readonly [RegExp, PlanCategory])[] = [
  [/\b(?:examples?|samples?|demos?|cookbook)\b/i, 'example'],
  [/\bbenchmarks?\b/i, 'benchmark'],
]

/**
 * The path categories a query names outright: "an example of validating a port number" asks for
 * the examples, which a question about code would otherwise put after source (clap's
 * `examples/tutorial_builder/04_02_validate.rs` fell from BM25's 3rd to 96th). The router boosts
 * them instead of demoting them, for questions only (a change request that mentions an example
 * still asks for source). Tests and docs have intents of their own (`find-tests`, `docs`).
 *
 * @example
 * namedCategories('git-like subcommands example') // ['example']
 */
export function namedCategories(query: string): PlanCategory[] {
  return NAMED.filter(([words]) => words.test(query)).map(([, category]) => category)
}

/** A route path's segments that name a category of folders (`/example/edit/:id`, `/docs/:slug`, `/demo/charts`). */
const ROUTE_SEGMENTS: readonly (readonly [RegExp, PlanCategory])[] = [
  [/^(?:examples?|samples?|demos?|playground|tutorials?|cookbook)$/i, 'example'],
  [/^(?:docs?|documentation)$/i, 'docs'],
]

/**
 * The categories a route path names (the `/example/edit/3` of "GET /example/edit/3 shows wrong
 * data"): an application's pages and handlers live in folders named like their URLs
 * (vue-element-admin serves `/example/edit/:id` by `src/views/example/edit.vue`), so a query
 * about such a route keeps those categories level with source instead of demoting them.
 *
 * @example
 * routeCategories(['/documentation/index']) // ['docs']
 */
export function routeCategories(paths: readonly string[]): PlanCategory[] {
  const segments = paths.flatMap((path) => path.split(/[/.]/))
  return ROUTE_SEGMENTS.filter(([names]) => segments.some((segment) => names.test(segment))).map(([, category]) => category)
}

/** Words that name the configuration ("the jwt expiry config", "which settings"). */
const CONFIGURATION = /\b(?:config|configs|configuration|settings)\b/i

/**
 * The categories a question keeps level with source because it names them without asking for
 * them alone: "how long are tokens valid, jwt expiry config" may be answered by a configuration
 * module (nestjs-boilerplate's `src/auth/config/auth.config.ts`, demoted to x0.1 before) as well
 * as by the code that reads it ("where does my app's config directory path come from" is answered
 * by code).
 *
 * @example
 * levelCategories('jwt expiry config') // ['config']
 */
export function levelCategories(query: string): PlanCategory[] {
  return CONFIGURATION.test(query) ? ['config'] : []
}

/** "How do I ...", "how to ...": a question about using the project, which its docs and examples answer as well as its code. */
const USAGE = /^\s*(?:how\s+(?:do|can|could|should|would)\s+(?:i|you|we|one)\b|how\s+to\b)/i

/**
 * The categories a question about using the project keeps level with source instead of demoting:
 * docs, examples and prose (`docs/doc.md`'s "Custom Log Format" for "how do I write a custom log
 * format" came 65th behind code that writes strings). A question about how the code works ("how
 * does the router match a path") still puts source first.
 *
 * @example
 * usageCategories('how do I gracefully shut down the server') // ['docs', 'example', 'non-code']
 */
export function usageCategories(query: string): PlanCategory[] {
  return USAGE.test(query) ? ['docs', 'example', 'non-code'] : []
}
