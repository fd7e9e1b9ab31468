/** Frameworks whose route patterns are Django's: relative to the site's root, and regular expressions under `re_path`/`url`. */
export const DJANGO_FRAMEWORKS: ReadonlySet<string> = new Set(['django', 'django-rest-framework'])

/** A part of a route the detectors could not read, written `{expr}` (a dotted name), not a quantifier (`{4}`). */
const COMPUTED_PART = /^\{[A-Za-z_][\w.]*\}/

/** Escapes that stand for the character itself in a route: `\.` of `robots\.txt`, `\-`. */
const LITERAL_ESCAPE = /^[./\-_~]$/

/** The index just past the group opening at `open` (balanced, escapes and character classes skipped), or `-1`. */
function groupEnd(pattern: string, open: number): number {
  let depth = 0
  let inClass = false
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') i++
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return i + 1
  }
  return -1
}

/**
 * The path a Django URL pattern serves, as a user writes it in a browser: rooted at `/`, anchors
 * dropped, each named group of a regular expression a `<name>` parameter (`^archive/(?P<year>[0-9]{4})/$`
 * serves `/archive/<year>/`, DRF's `^articles/(?P<pk>[^/.]+)/$` `/articles/<pk>/`), an optional
 * trailing slash (`/?$`) the slash. A pattern with more of a regular expression than that
 * (`(\d+)`, `a|b`) is left as written: the route keeps its meaning, and the route matcher reads it.
 *
 * @example
 * servedDjangoRoute('articles/<int:year>/') // '/articles/<int:year>/'
 * servedDjangoRoute('^archive/(?P<year>[0-9]{4})/$') // '/archive/<year>/'
 * servedDjangoRoute('^page/(\\d+)/$') // '^page/(\\d+)/$'
 */
export function servedDjangoRoute(pattern: string): string {
  // (Without `$` the pattern matches what starts so: djoser's `^jwt/create/?` serves `/jwt/create/`.)
  const body = pattern.replace(/^\^/, '').replace(/(?:\/\?)?(?:\$|\\Z)$|\/\?$/, (end) => (end.startsWith('/?') ? '/' : ''))
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string
    if (char === '(') {
      const named = /^\(\?P<(\w+)>/.exec(body.slice(i))
      const end = named ? groupEnd(body, i) : -1
      if (!named || end < 0) return pattern
      out += `<${named[1]}>`
      i = end - 1
    } else if (char === '\\') {
      const next = body[i + 1] ?? ''
      if (!LITERAL_ESCAPE.test(next)) return pattern
      out += next
      i++
    } else if (char === '{' && COMPUTED_PART.test(body.slice(i))) {
      // A part the detectors could not read, written `{name}`: as it is (djoser's `url_path=f"set_{User.USERNAME_FIELD}"`).
      const part = (COMPUTED_PART.exec(body.slice(i)) as RegExpExecArray)[0]
      out += part
      i += part.length - 1
    } else if ('[]{}*+?|)^$'.includes(char)) {
      return pattern
    } else {
      out += char
    }
  }
  return out.startsWith('/') ? out : `/${out}`
}
