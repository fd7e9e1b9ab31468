/**
 * A query word as the files use it: itself, or else its singular when only that names files
 * (`cookies` for `cookie.ts` and a `cookie/` folder; `entries` for `entry.go`).
 */
export function withFiles(term: string, files: (form: string) => readonly string[]): string {
  if (files(term).length > 0) return term
  for (const form of singulars(term)) if (files(form).length > 0) return form
  return term
}

/** The singulars a plural word may have: `cookies` -> `cookie`, `entries` -> `entry`, `boxes` -> `box`. */
function singulars(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return []
  const forms = [word.slice(0, -1)]
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`)
  else if (word.endsWith('es')) forms.push(word.slice(0, -2))
  return forms
}
