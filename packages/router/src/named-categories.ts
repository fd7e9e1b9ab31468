import type { PlanCategory } from './plan.js'

/** Words that ask for the files of a category by naming it ("an example of", "the benchmarks"). */
const NAMED: readonly (readonly [RegExp, PlanCategory])[] = [
  [/\b(?:examples?|samples?|demos?|cookbook)\b/i, 'example'],
  [/\bbenchmarks?\b/i, 'benchmark'],
]

/**
 * The path categories a query names outright, whatever its intent: "an example of validating a
 * port number" asks for the examples, which a question about code would otherwise put after
 * source (clap's `examples/tutorial_builder/04_02_validate.rs` fell from BM25's 3rd to 96th). The
 * plan boosts them instead of demoting them. Tests and docs have intents of their own
 * (`find-tests`, `docs`).
 *
 * @example
 * namedCategories('git-like subcommands example') // ['example']
 */
export function namedCategories(query: string): PlanCategory[] {
  return NAMED.filter(([words]) => words.test(query)).map(([, category]) => category)
}
