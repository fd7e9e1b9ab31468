/** A path of NestJS's `exclude` as an expression over a route without its outer slashes: `(.*)` and `*` any rest, `:id` one segment. */
function pathPattern(path: string): RegExp | undefined {
  const source = path
    .replace(/^\/+|\/+$/g, '')
    .split(/(\(\.\*\)|\*|:[A-Za-z_$][\w$]*)/)
    .map((part, at) => (at % 2 === 1 ? (part.startsWith(':') ? '[^/]+' : '.*') : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  try {
    return new RegExp(`^${source}$`)
  } catch {
    return undefined
  }
}

/**
 * A test of which NestJS routes `setGlobalPrefix`'s `exclude` leaves without the global prefix,
 * from the lines of its fact (`METHOD path`, `*` for any method): `health` excludes the route
 * `/health` of any method, `GET cats/(.*)` the `GET` routes below `/cats`. A route is compared as
 * its file and mounts declare it, before the global prefix and versions.
 */
export function prefixExclusions(lines: string): (method: string, route: string) => boolean {
  const rules = lines.split('\n').flatMap((line) => {
    const space = line.indexOf(' ')
    const pattern = space > 0 ? pathPattern(line.slice(space + 1)) : undefined
    return pattern ? [{ method: line.slice(0, space), pattern }] : []
  })
  return (method, route) => {
    const path = route.replace(/^\/+|\/+$/g, '')
    return rules.some((rule) => (rule.method === '*' || method === '*' || rule.method === method) && rule.pattern.test(path))
  }
}
