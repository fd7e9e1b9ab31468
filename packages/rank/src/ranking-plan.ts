import type { PathCategory } from './path-category.js'

/**
 * What the query asks for. `locate`: where must the code change (a fix, a feature, a bug report);
 * `explain`: how something works; `find-tests`: the tests of something; `find-entrypoints`: the
 * handler of a route or command; `open-file`: a file the query names; `docs`: a documentation
 * question; `general`: none of these.
 */
export type QueryIntent = 'locate' | 'explain' | 'find-tests' | 'find-entrypoints' | 'open-file' | 'docs' | 'general'

/** One thing the query names, as the ranking reads it (a structural subset of `@rag/router`'s `Anchor`). */
export interface PlanAnchor {
  /** `identifier`, `qualified`, `path`, `endpoint`, `message`, `module`, `proper`, `option`. */
  readonly kind: string
  readonly text: string
  /** The name to look a definition or file up by (`extend` of `ky.extend`, `util` of `lib/util.js`). */
  readonly name?: string
  /** HTTP method of an endpoint. */
  readonly method?: string
}

/**
 * What `rankFiles` needs to know about a query: its intent, what it names, its content words,
 * and which path categories to demote or boost. `@rag/router`'s `QueryPlan` satisfies it; so
 * does a literal object.
 */
export interface RankingPlan {
  readonly intent: QueryIntent
  readonly anchors: readonly PlanAnchor[]
  /** Lower-case content words of the query (no stop words), matched against file and folder names. */
  readonly terms: readonly string[]
  readonly priors: {
    /** Categories whose files are demoted (multiplied by their prior weight). */
    readonly demote: readonly PathCategory[]
    /** Categories the query targets: their files are boosted instead. */
    readonly boost: readonly PathCategory[]
  }
}
