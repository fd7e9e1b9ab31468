/** Whether a pattern has glob characters (`*`, `?`). */
export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern)
}

/** A glob (`*` any run of characters, `?` one character, the rest literal) as an anchored regular expression. */
export function globToRegExp(pattern: string, flags = ''): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')
  return new RegExp(`^${body}$`, flags)
}
