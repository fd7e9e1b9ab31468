/**
 * One suffix rule of the stemmer. The seed fixes the 15 suffixes and their order and says words
 * shorter than four characters are not stemmed; everything else here (replacements, minimum
 * lengths, exceptions, undoubling) is our choice, listed in the README.
 */
export interface SuffixRule {
  /** The ending to remove, e.g. `ies`. */
  readonly suffix: string
  /** What takes the suffix's place, e.g. `y` for `ies` (`queries` -> `query`). */
  readonly replacement: string
  /** The rule applies only if the result keeps at least this many characters. */
  readonly minLength: number
  /** The rule does not apply when what precedes the suffix ends with one of these (`class`, `status`). */
  readonly keepAfter?: readonly string[]
  /** When what precedes the suffix ends with one of these, the suffix goes without replacement (`classes` -> `class`). */
  readonly stripAfter?: readonly string[]
  /** Drop one letter of a final doubled consonant (not l, s, z, f) left behind (`getting` -> `get`). */
  readonly undouble?: boolean
  /** A final `i` left behind becomes `y` (`copied` -> `copy`, `identifier` -> `identify`). */
  readonly yForI?: boolean
}

/**
 * The 15 rules, in the seed's order. The first rule whose suffix matches and whose conditions hold
 * is applied and stemming stops (one suffix per word). Because every suffix listed after another
 * is never a longer ending of it, first match is also longest match.
 */
export const SUFFIX_RULES: readonly SuffixRule[] = freezeAll([
  { suffix: 'ies', replacement: 'y', minLength: 3 },
  { suffix: 'ing', replacement: '', minLength: 4, undouble: true },
  { suffix: 'tion', replacement: 't', minLength: 3 },
  { suffix: 'sion', replacement: 's', minLength: 3 },
  { suffix: 'ment', replacement: '', minLength: 4 },
  { suffix: 'ness', replacement: '', minLength: 3 },
  { suffix: 'able', replacement: '', minLength: 4, yForI: true },
  { suffix: 'ous', replacement: '', minLength: 3, yForI: true },
  { suffix: 'ful', replacement: '', minLength: 3 },
  { suffix: 'less', replacement: '', minLength: 3 },
  { suffix: 'ly', replacement: '', minLength: 4, yForI: true },
  { suffix: 'ed', replacement: '', minLength: 3, keepAfter: ['e'], undouble: true, yForI: true },
  { suffix: 'er', replacement: '', minLength: 3, undouble: true, yForI: true },
  { suffix: 'es', replacement: 'e', minLength: 3, stripAfter: ['ss', 'x', 'ch', 'sh'] },
  { suffix: 's', replacement: '', minLength: 3, keepAfter: ['s', 'u'] },
])

function freezeAll(rules: SuffixRule[]): readonly SuffixRule[] {
  for (const rule of rules) {
    Object.freeze(rule.keepAfter)
    Object.freeze(rule.stripAfter)
    Object.freeze(rule)
  }
  return Object.freeze(rules)
}

/** Words shorter than this are never stemmed (seed 001). */
export const MIN_STEM_WORD_LENGTH = 4

/** The rules whose suffix ends in a given character code, in rule order. */
const RULES_BY_LAST_CHAR: ReadonlyMap<number, readonly SuffixRule[]> = (() => {
  const map = new Map<number, SuffixRule[]>()
  for (const rule of SUFFIX_RULES) {
    const last = rule.suffix.charCodeAt(rule.suffix.length - 1)
    const list = map.get(last)
    if (list === undefined) map.set(last, [rule])
    else list.push(rule)
  }
  return map
})()

const DOUBLED = /([bcdgkmnprtv])\1$/

function endsWithAny(word: string, endings: readonly string[] | undefined): boolean {
  if (endings === undefined) return false
  for (const ending of endings) if (word.endsWith(ending)) return true
  return false
}

/**
 * Strips at most one suffix from a lower-case word with {@link SUFFIX_RULES}: the stemmer of the
 * compatible analyzer. Not idempotent: `functions` -> `function` -> `funct`, because each call
 * removes one suffix (see {@link stemFully}).
 *
 * @example
 * stem('queries')  // 'query'
 * stem('getting')  // 'get'
 * stem('classes')  // 'class'
 * stem('string')   // 'string' (the rest, 'str', would be shorter than -ing allows)
 */
export function stem(word: string): string {
  if (word.length < MIN_STEM_WORD_LENGTH) return word
  // Most words end in a letter no suffix ends in; the rules are grouped by their last letter.
  const candidates = RULES_BY_LAST_CHAR.get(word.charCodeAt(word.length - 1))
  if (candidates === undefined) return word
  for (const rule of candidates) {
    if (!word.endsWith(rule.suffix)) continue
    const base = word.slice(0, word.length - rule.suffix.length)
    if (endsWithAny(base, rule.keepAfter)) continue
    let result = base + (endsWithAny(base, rule.stripAfter) ? '' : rule.replacement)
    if (rule.yForI === true && result.endsWith('i')) result = `${result.slice(0, -1)}y`
    if (result.length < rule.minLength) continue
    return rule.undouble === true && result.length >= 4 && DOUBLED.test(result) ? result.slice(0, -1) : result
  }
  return word
}

/**
 * Applies {@link stem} until the word stops changing: the stemmer of the code-aware analyzer.
 * Idempotent (`stemFully(stemFully(w)) === stemFully(w)`), and it makes a plural and its singular
 * meet where one suffix is not enough (`functions` and `function` both give `funct`).
 *
 * @example
 * stemFully('connections') // 'connect'
 */
export function stemFully(word: string): string {
  let current = word
  for (;;) {
    const next = stem(current)
    if (next === current) return current
    current = next
  }
}
