/**
 * Member separators as users write them in other languages' notation: `::` (Rust, C++, PHP,
 * Ruby), `->` (PHP) and a `#` between two names (Java and Ruby documentation: `String#split`),
 * but not a `#` that starts a name (`#count`, `Counter.#count`: a JavaScript private member).
 */
const MEMBER_SEPARATOR = /::|->|(?<=[\w$*?\]])#(?=[\w$*?[])/g

/**
 * A symbol query as the index writes qualified names, parts joined by `.` in every language:
 * `Command::new`, `ns::Foo::bar()`, `StringUtils#isBlank`, `Foo->bar` read as `Command.new`,
 * `ns.Foo.bar`, `StringUtils.isBlank` and `Foo.bar`. A trailing `()` and a leading separator (C++'s
 * global `::main`) are dropped; globs keep their wildcards (`Command::*`).
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
