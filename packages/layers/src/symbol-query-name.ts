/**
 * Member separators as users write them in other languages' notation: `::` (Rust, C++, PHP,
 * Ruby), `->` (PHP), PHP's namespace `\` (`App\Http\Controllers\UserController`) and a `#`
 * between two names (Java and Ruby documentation: `String#split`),
 * but not a `#` that starts a name (`#count`, `Counter.#count`: a JavaScript private member).
 */
const MEMBER_SEPARATOR = /::|->|(?<=[\w$*?\]])#(?=[\w$*?[])|\\/g

/**
 * A symbol query as the index writes qualified names, parts joined by `.` in every language:
 * `Command::new`, `ns::Foo::bar()`, `StringUtils#isBlank`, `Foo->bar` read as `Command.new`,
 * `ns.Foo.bar`, `StringUtils.isBlank` and `Foo.bar`. A trailing `()` and a leading separator (C++'s
 * global `::main`, PHP's `\App\...`) are dropped; globs keep their wildcards (`Command::*`).
 *
 * @example
 * symbolQueryName('clap::Command::new()') // 'clap.Command.new'
 * symbolQueryName('Counter.#count') // 'Counter.#count'
 */
export function symbolQueryName(name: string): string {
  return name
    .trim()
    .replace(/\(\)$/, '')
    .replace(MEMBER_SEPARATOR, '.')
    .replace(/^\.+/, '')
}

/** A symbol's module as a dotted prefix (`App\Http\Controllers`, `server/controllers/users`, `crate::cli` read with dots). */
function dottedModule(module: string): string {
  return module.replace(/::|\\|\//g, '.').replace(/^\.+|\.+$/g, '')
}

/**
 * Whether a symbol is what a qualified query names (`symbolQueryName`'s form): its qualified name
 * is the query or ends with it at a dot, or so is that name under its module or package
 * (`Api.ArticleController.store` of PHP's `App\Http\Controllers\Api`, Java's
 * `petclinic.owner.OwnerController`, `users.show` of `server/controllers/users.js`), also without
 * a Kotlin companion's `.Companion` (`Repo.create`).
 *
 * @example
 * matchesQualified({ qname: 'ArticleController', module: 'App\\Http\\Controllers\\Api' }, 'Api.ArticleController') // true
 */
export function matchesQualified(symbol: { readonly qname: string; readonly module: string }, name: string): boolean {
  const matches = (qname: string): boolean => {
    if (qname === name || qname.endsWith(`.${name}`)) return true
    const module = dottedModule(symbol.module)
    if (module === '') return false
    const full = `${module}.${qname}`
    return full === name || full.endsWith(`.${name}`)
  }
  // A member of a Kotlin companion object, as Kotlin calls it: `Repo.create` of `Repo.Companion.create`.
  return matches(symbol.qname) || (symbol.qname.includes('.Companion.') && matches(symbol.qname.replace('.Companion.', '.')))
}

/**
 * Whether a qualified glob (`CatalogItemDetails.*`, `Owner*.find*`) matches a symbol: `test` against
 * its qualified name under its module, from the start or from any dot, as {@link matchesQualified}
 * reads an exact name (`CatalogItemDetails.*` matches the nested `CatalogItem.CatalogItemDetails.Price`).
 */
export function matchesQualifiedGlob(symbol: { readonly qname: string; readonly module: string }, test: RegExp): boolean {
  const module = dottedModule(symbol.module)
  const full = module === '' ? symbol.qname : `${module}.${symbol.qname}`
  for (let at = 0; at >= 0; at = full.indexOf('.', at) + 1 || -1) if (test.test(at === 0 ? full : full.slice(at))) return true
  return false
}
