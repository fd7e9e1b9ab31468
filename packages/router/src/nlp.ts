import { createRequire } from 'node:module'
import type { ItemSentence, ItemToken, Model, WinkMethods } from 'wink-nlp'
import type WinkNlp from 'wink-nlp'

/** One word of the query's prose, as the natural-language side sees it. */
export interface NlpToken {
  /** The token as written. */
  readonly text: string
  /** Its lemma, lower case (`handling` -> `handle`). */
  readonly lemma: string
  /** Universal part of speech: `VERB`, `NOUN`, `PROPN`, `ADJ`, `AUX`, `X` (unknown, e.g. another language), ... */
  readonly pos: string
  /** `word`, `number`, `punctuation`, `unk`, ... */
  readonly type: string
  /** A function word (`the`, `for`, `is`). */
  readonly stop: boolean
  /** Under a negation (`does not reconnect`). */
  readonly negated: boolean
  /** 0-based index of its sentence. */
  readonly sentence: number
}

/** The natural-language analysis the router needs: tokens with lemmas, parts of speech, negation and sentences. */
export interface QueryNlp {
  readonly name: string
  analyze(text: string): NlpToken[]
}

interface WinkModules {
  readonly nlp: WinkMethods
}

let wink: WinkModules | undefined

// wink-nlp and its English model are CommonJS and the model takes about a second to load, so they
// are required on first use, not at import time (a process that never routes never pays).
function loadWink(): WinkModules {
  if (wink === undefined) {
    const require = createRequire(import.meta.url)
    const winkNLP = require('wink-nlp') as typeof WinkNlp
    const model = require('wink-eng-lite-web-model') as Model
    wink = { nlp: winkNLP(model, ['sbd', 'negation', 'pos']) }
  }
  return wink
}

/**
 * The router's natural-language side: `wink-nlp` with its English model `wink-eng-lite-web-model`
 * (both npm packages: offline, no download), loaded on the first `analyze`. Text in another
 * language comes back as tokens of part of speech `X`, never an error.
 *
 * @example
 * createWinkNlp().analyze('does not reconnect')[2] // { text: 'reconnect', lemma: 'reconnect', pos: 'VERB', negated: true, ... }
 */
export function createWinkNlp(): QueryNlp {
  return {
    name: 'wink-eng-lite-web-model',
    analyze(text) {
      const { nlp } = loadWink()
      const its = nlp.its
      const doc = nlp.readDoc(text)
      const out: NlpToken[] = []
      doc.sentences().each((sentence: ItemSentence, index: number) => {
        sentence.tokens().each((token: ItemToken) => {
          out.push({
            text: String(token.out(its.value)),
            // The typings of `its.lemma` name a third parameter that `out` does not declare.
            lemma: String(token.out(its.lemma as unknown as typeof its.value)).toLowerCase(),
            pos: String(token.out(its.pos)),
            type: String(token.out(its.type)),
            stop: Boolean(token.out(its.stopWordFlag)),
            negated: Boolean(token.out(its.negationFlag)),
            sentence: index,
          })
        })
      })
      return out
    },
  }
}
