/**
 * A chain of calls as the layered chunker writes a receiver type (`RawEdge.receiverType`) for Rust,
 * Java and C#: `await ` when the whole value is awaited (C#), a head callee and its `()` (`Command::new()`,
 * `ToStringBuilder::new()` of a `new`, `build()`, `self.get_matches()`), then `.link()` for each
 * method called on the value before, and Rust's `?` after a call whose value is tried. Groups: 1
 * `await `, 2 the head's callee, 3 the rest.
 */
const CHAIN = /^(await )?((?:[A-Za-z_$][\w$]*(?:::|\.))*[A-Za-z_$][\w$]*)\(\)(\??(?:\.[A-Za-z_$][\w$]*\(\)\??)*)$/
/** One link of the rest: its name and whether `?` follows its call. */
const LINK = /\.([A-Za-z_$][\w$]*)\(\)(\?)?/g

/** How a language types the values of a chain's calls (`T`: what it knows of a value's type). */
export interface ChainSteps<T> {
  /** The value of the head's call (`Command::new`, `build`, `ToStringBuilder::new`); `last` when no link follows. */
  head(callee: string, last: boolean): T | undefined
  /** The value of `.name()` called on a value of `on`; `last` for the chain's last link. */
  link(on: T, name: string, last: boolean): T | undefined
  /** The value `?` gives of a call's value `on` (Rust's `Option` and `Result`); none when absent. */
  tried?(on: T): T | undefined
}

/** Whether a receiver type is a chain of calls (see {@link typeOfCallChain}). */
export function isCallChain(receiverType: string): boolean {
  return receiverType.endsWith(')') || receiverType.endsWith('?') ? CHAIN.test(receiverType) : false
}

/** The head's callee of a chain (`Command::new` of `Command::new().about()`), and whether links or a `?` follow it; `undefined` for no chain. */
export function chainHead(receiverType: string): { readonly callee: string; readonly linked: boolean } | undefined {
  const found = CHAIN.exec(receiverType)
  return found === null ? undefined : { callee: found[2] as string, linked: found[3] !== '' }
}

/**
 * The type of a chain's value (see {@link CHAIN}): the head's call as `steps.head` types it, then
 * each link on the value before as `steps.link` does, and a `?` as `steps.tried` does; `undefined`
 * as soon as one is not known, or for no chain. Each prefix of the chain is worked out once per
 * `memo` and `scope` (what the head's resolution depends on: the calling symbol for a chain on
 * `self`), `null` there for not known.
 *
 * @example
 * typeOfCallChain('Command::new().about()', steps, memo, '') // steps.link(steps.head('Command::new', false), 'about', true)
 */
export function typeOfCallChain<T>(receiverType: string, steps: ChainSteps<T>, memo: Map<string, T | null>, scope: string): T | undefined {
  const found = CHAIN.exec(receiverType)
  if (found === null) return undefined
  const head = found[2] as string
  const links = [...(found[3] as string).matchAll(LINK)]
  const headTried = (found[3] as string).startsWith('?')
  let prefix = `${head}()`
  const step = (compute: () => T | undefined): T | undefined => {
    const key = `${scope}\n${prefix}`
    const known = memo.get(key)
    if (known !== undefined) return known ?? undefined
    const type = compute()
    memo.set(key, type ?? null)
    return type
  }
  const tried = (on: T | undefined): T | undefined => {
    prefix += '?'
    return step(() => (on === undefined || steps.tried === undefined ? undefined : steps.tried(on)))
  }
  // (`await ` is the last call's: its value is typed apart from the same chain's not awaited.)
  const awaited = found[1] === undefined ? '' : 'await '
  const last = links.length === 0
  if (last) prefix = `${awaited}${prefix}`
  let type = step(() => steps.head(head, last))
  if (headTried) type = tried(type)
  for (const [index, link] of links.entries()) {
    const on = type
    const final = index === links.length - 1
    prefix = `${final ? awaited : ''}${prefix}.${link[1] as string}()`
    type = step(() => (on === undefined ? undefined : steps.link(on, link[1] as string, final)))
    if (link[2] !== undefined) type = tried(type)
  }
  return type
}
