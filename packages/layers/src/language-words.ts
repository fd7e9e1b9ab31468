/** The words of a whitespace-separated list, as a set. */
export function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter(Boolean))
}

/** Whether a name is in a language's list of `byLanguage`; `false` for a language without one. */
export function inLanguageList(byLanguage: Readonly<Record<string, ReadonlySet<string>>>): (language: string, name: string) => boolean {
  return (language, name) => byLanguage[language]?.has(name) === true
}
