import { keyArg, keyedString, stringArg, type Arg } from '../args.js'
import type { CallFact, DecoratorFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { callDraft, cliCommand, decoratorDraft, decoratorReceiver, handlerOf, kebab, lastSegment, type DetectContext, type EntrypointDetector } from './detector.js'

/** Groups within groups deeper than this keep the words found so far (cycles stay cheap). */
const MAX_DEPTH = 8

/** Where a group or command sits: the group (or Typer app) it is added to, and the word it has there (`''`: none, its commands are the parent's). */
interface Link {
  readonly parent: string
  readonly word: string
}

/** One command or group a decorator declares: `@cli.command('init-db') def initdb()`. */
interface Decorated {
  readonly symbol: SymbolFact
  readonly decorator: DecoratorFact
  readonly word: string
  /** The group or app it is declared on (`cli` of `@cli.command()`), the framework for a module-level one (`@click.group()`, `@group()`). */
  readonly receiver: string
}

/** The names a file binds to click's own `command` and `group` decorators: `from click import group` (xthulu's `@group("db")`). */
function bareDecorators(facts: FileFacts): Set<string> {
  const out = new Set<string>()
  for (const fact of facts.imports) {
    if (fact.specifier !== 'click') continue
    for (const name of fact.names) if (DECORATORS.click.has(name.name)) out.add(name.alias ?? name.name)
  }
  return out
}

/**
 * The words of the groups above `name`, outermost first, through `links`; the outermost group
 * (added to none) adds no word: it is the program, as `cli` of `@click.group() def cli()` is.
 */
function wordsAbove(links: ReadonlyMap<string, Link>, name: string, depth = 0): string[] {
  const link = links.get(name)
  if (link === undefined || depth > MAX_DEPTH) return []
  const above = wordsAbove(links, link.parent, depth + 1)
  return link.word === '' ? above : [...above, link.word]
}

/** The outermost group above `name` in this file (`name` itself when it is added to none): a click command's router. */
function rootAbove(links: ReadonlyMap<string, Link>, name: string): string {
  let root = name
  for (let depth = 0, link = links.get(root); link !== undefined && depth <= MAX_DEPTH; depth++, link = links.get(root)) root = link.parent
  return root
}

/**
 * The Typer app a variable holds and the name it was given: `users_app = typer.Typer(name="users")`
 * gives `users_app` -> `users`; a name its callback gives (`@users_app.callback(name="users")`)
 * comes first, as typer takes it.
 */
function typerNames(calls: readonly CallFact[], symbols: readonly SymbolFact[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const call of calls) {
    if (call.name !== 'Typer') continue
    const variable = call.assignedTo()
    if (variable !== undefined) out.set(variable, keyedString(call.args(), 'name') ?? out.get(variable) ?? '')
  }
  for (const symbol of symbols) {
    for (const decorator of symbol.decorators) {
      const app = decorator.name.endsWith('.callback') ? decorator.name.slice(0, -'.callback'.length) : undefined
      const name = app === undefined || !out.has(app) ? undefined : keyedString(decorator.args, 'name')
      if (name) out.set(app as string, name)
    }
  }
  return out
}

/**
 * click groups made as objects and assigned (modal's `app_cli = click.Group(name="app")`, a
 * subclass's `MyGroup(name="app")`), with their names: groups whose commands are declared on them
 * (`@app_cli.command("list")`) like a decorated group's.
 */
function clickGroupObjects(calls: readonly CallFact[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const call of calls) {
    if (!(call.name === 'Group' && (call.simpleReceiver === 'click' || call.receiver === '')) && !(call.name.endsWith('Group') && keyArg(call.args(), 'name') !== undefined)) continue
    const variable = call.assignedTo()
    const name = stringArg(call.args(), 0, ['name'])
    if (variable !== undefined && PLAIN_NAME.test(variable) && name !== undefined) out.set(variable, name)
  }
  return out
}

/** click itself and the click groups a file declares (`@click.group() def db()`, `@cli.group() def db()`): no typer command is declared on them. */
function clickGroups(symbols: readonly SymbolFact[]): Set<string> {
  const out = new Set(['click'])
  for (const symbol of symbols) if (symbol.decorators.some((decorator) => lastSegment(decorator.name) === 'group')) out.add(symbol.name)
  return out
}

/** `app.command(name="status")(status_command)`: typer's decorator called on a function written elsewhere. */
const CALLED_ON = /^\s*\(\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\)/

/** The decorators that declare a command or group: click's `command` and `group`, typer's `command`. */
const DECORATORS: Readonly<Record<'click' | 'typer', ReadonlySet<string>>> = { click: new Set(['command', 'group']), typer: new Set(['command']) }

/** A file's click or typer commands and how its groups (or Typer apps) sit in each other. */
interface CommandTree {
  readonly decorated: readonly Decorated[]
  /** By the name of a group, command or app: where it is added in this file. */
  readonly links: ReadonlyMap<string, Link>
  /** Typer apps (or click groups made as objects) assigned in this file, with the names they give themselves (`''`: none). */
  readonly apps: ReadonlyMap<string, string>
}

/** The keyword `add_command` and `add_typer` take what they add as: `cli.add_command(cmd=db)`, `app.add_typer(typer_instance=users)`. */
const ADDED_KEY: Readonly<Record<'click' | 'typer', string>> = { click: 'cmd', typer: 'typer_instance' }

/** What an `add_command` / `add_typer` call adds: its first positional argument, or the one given by keyword. */
function addedChild(framework: 'click' | 'typer', args: readonly Arg[]): Arg | undefined {
  return keyArg(args, ADDED_KEY[framework]) ?? args.find((arg) => !arg.key)
}

/** The {@link CommandTree} of a file: decorators link commands to groups, `add_command` / `add_typer` calls link groups to groups. */
function commandTree(framework: 'click' | 'typer', facts: FileFacts): CommandTree {
  const { calls, symbols } = facts
  const decorated: Decorated[] = []
  const bare = framework === 'click' ? bareDecorators(facts) : new Set<string>()
  // A file may use both (a typer app that raises click's exceptions): `@app.command()` on a Typer
  // app is typer's alone, `@click.command()` and `@db.command()` on a click group click's alone.
  const others = framework === 'click' ? new Set(typerNames(calls, symbols).keys()) : clickGroups(symbols)
  for (const symbol of symbols) {
    if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
    for (const decorator of symbol.decorators) {
      const own = bare.has(decorator.name)
      if (!own && (!decorator.name.includes('.') || !DECORATORS[framework].has(lastSegment(decorator.name)))) continue
      const receiver = own ? framework : decoratorReceiver(decorator)
      if (others.has(receiver)) continue
      decorated.push({ symbol, decorator, word: stringArg(decorator.args, 0, ['name']) ?? kebab(symbol.name), receiver })
    }
  }
  const links = new Map<string, Link>()
  for (const { symbol, word, receiver } of decorated) {
    // `@click.group()` is added to no group here; `@cli.group()` is added to `cli`.
    if (receiver !== framework && !links.has(symbol.name)) links.set(symbol.name, { parent: receiver, word })
  }
  const apps = framework === 'typer' ? typerNames(calls, symbols) : clickGroupObjects(calls)
  const adds = framework === 'click' ? 'add_command' : 'add_typer'
  for (const call of calls) {
    const child = call.name === adds && call.simpleReceiver !== '' ? addedChild(framework, call.args()) : undefined
    if (child?.kind !== 'name') continue
    const own = decorated.find((each) => each.symbol.name === child.value)?.word ?? apps.get(child.value) ?? ''
    const word = stringArg(call.args(), child.key ? 0 : 1, ['name']) ?? own
    if (!links.has(child.value)) links.set(child.value, { parent: call.simpleReceiver, word })
  }
  return { decorated, links, apps }
}

/** A plain name a command is declared on (`app` of `@app.command()`): its router, for mounts from other files. */
const PLAIN_NAME = /^[A-Za-z_]\w*$/
/** A plain or dotted name: `db`, `db.main`. */
const DOTTED_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/

/**
 * click and typer: `@click.command()`, `@cli.command('name')`, `@click.group()`, `@app.command()`,
 * each under the words of the groups it is added to in this file: by its decorator
 * (`@db.command() def migrate()` under `@cli.group() def db()` is `db migrate`), by click's
 * `cli.add_command(db[, name])`, or by typer's `app.add_typer(users_app, name="users")`
 * (`users create`; one without a name merges its commands into the parent's). The outermost
 * group is the program: its own command keeps its name (`cli`), its commands have no word of it.
 * A typer command names the app it is declared on (or added to) as its router, which another
 * file may add (see {@link typerMountFacts}).
 */
function decoratedCommands(framework: 'click' | 'typer'): EntrypointDetector {
  return {
    framework,
    languages: ['python'],
    imports: [framework],
    detect(context: DetectContext): EntrypointDraft[] {
      const { decorated, links, apps } = commandTree(framework, context.facts)
      const drafts: EntrypointDraft[] = []
      for (const { symbol, decorator, word, receiver } of decorated) {
        // A command of the module (`@click.command()`) sits where `add_command` puts it, if anywhere.
        const route = receiver !== framework ? [...wordsAbove(links, receiver), word] : links.has(symbol.name) ? wordsAbove(links, symbol.name) : [word]
        const draft = decoratorDraft(symbol, decorator, cliCommand(framework, route.join(' '), symbol.qname))
        // click: the outermost group of the file above it (itself for one added to none), which another module may add (see `clickMountFacts`).
        const router = framework === 'click' ? rootAbove(links, receiver !== framework ? receiver : symbol.name) : receiver
        drafts.push(PLAIN_NAME.test(router) && (framework === 'typer' || router !== '') ? { ...draft, router } : draft)
      }
      // click groups made as objects: a command each, named as it names itself (and the router of its commands).
      if (framework === 'click') {
        for (const call of context.facts.calls) {
          const variable = call.assignedTo()
          const name = variable === undefined ? undefined : apps.get(variable)
          if (variable === undefined || name === undefined || !call.name.endsWith('Group')) continue
          const route = links.has(variable) ? wordsAbove(links, variable) : [name]
          drafts.push({ ...callDraft(call, cliCommand('click', route.join(' '), variable)), router: rootAbove(links, variable) })
        }
      }
      if (framework === 'typer') {
        // `app.command(name="status")(status_command)` on a Typer app of this file (cycode-cli registers every command so),
        // of a function the file defines or imports: not of a variable that holds whatever runs (typer's own `command()(func_obj)`).
        const bound = new Set(context.facts.imports.flatMap((fact) => fact.names.map((name) => name.alias ?? name.name)))
        const functionNamed = (name: string): boolean => name.includes('.') || bound.has(name) || context.facts.symbols.some((symbol) => symbol.name === name && symbol.kind === 'function')
        for (const call of context.facts.calls) {
          if (call.name !== 'command' || !apps.has(call.simpleReceiver)) continue
          const handler = CALLED_ON.exec(context.facts.text.slice(call.end(), call.end() + 200))?.[1]
          if (handler === undefined || !functionNamed(handler)) continue
          const word = stringArg(call.args(), 0, ['name']) ?? kebab(lastSegment(handler))
          drafts.push({ ...callDraft(call, cliCommand('typer', [...wordsAbove(links, call.simpleReceiver), word].join(' '), handler)), router: call.simpleReceiver })
        }
        for (const call of context.facts.calls) {
          if (call.name !== 'add_typer') continue
          const app = call.args()[0]
          const name = keyedString(call.args(), 'name') ?? (app?.kind === 'name' ? apps.get(app.value) : undefined)
          if (!name) continue
          const draft = callDraft(call, cliCommand('typer', [...wordsAbove(links, call.simpleReceiver), name].join(' '), handlerOf(call.args()[0])))
          drafts.push(PLAIN_NAME.test(call.simpleReceiver) ? { ...draft, router: call.simpleReceiver } : draft)
        }
      }
      return drafts
    },
  }
}

/** click's commands and groups (see {@link decoratedCommands}). */
export const CLICK_DETECTOR: EntrypointDetector = decoratedCommands('click')

/** typer's commands and the apps added by name (see {@link decoratedCommands}). */
export const TYPER_DETECTOR: EntrypointDetector = decoratedCommands('typer')

/**
 * The word a click mount puts for the group or command it adds when `add_command` names none: the
 * one it has in its own module (`@click.group() def db()` is `db`), read there (see
 * `@rag/layers`' mounted routes).
 */
export const CLICK_OWN_WORD = '~'

/**
 * click's `cli.add_command(db)` of a group (or command) another module defines (`from .db import
 * db`): a mount of `db` under the words of `cli` in this file and its word (the name given,
 * `add_command(db, 'database')`, else {@link CLICK_OWN_WORD}), so that `db.py`'s `@db.command()
 * def migrate()` is `db migrate`. Groups and commands of this file are nested in place.
 */
export function clickMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'python' || !facts.text.includes('add_command')) return []
  const { decorated, links, apps } = commandTree('click', facts)
  const out: MountFact[] = []
  for (const call of facts.calls) {
    const args = call.name === 'add_command' && PLAIN_NAME.test(call.simpleReceiver) ? call.args() : []
    // `add_command(db)`, `add_command(cmd=db.main, name='db')` (a module's group).
    const child = addedChild('click', args)
    if (child?.kind !== 'name' || !DOTTED_NAME.test(child.value) || decorated.some((each) => each.symbol.name === child.value) || apps.has(child.value)) continue
    const word = stringArg(args, child.key ? 0 : 1, ['name']) ?? CLICK_OWN_WORD
    const prefix = [...wordsAbove(links, call.simpleReceiver), word].join('/')
    out.push({ target: child.value, prefix, router: call.simpleReceiver, row: call.row, offset: call.offset })
  }
  return out
}

/**
 * typer's `app.add_typer(users.app, name="users")` of an app another module defines (typer's
 * docs' `main.py` over `items.py` and `users.py`): a mount of that app under the words of `app`
 * in this file and the name (else {@link CLICK_OWN_WORD}: the name the app gives itself there,
 * `typer.Typer(name="users")`; none: its commands are the parent's), so that `users.py`'s
 * `@app.command() def create()` is `users create`. Apps of this file are nested in place.
 */
export function typerMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'python' || !facts.text.includes('add_typer')) return []
  const { links, apps } = commandTree('typer', facts)
  const out: MountFact[] = []
  for (const call of facts.calls) {
    const app = call.name === 'add_typer' && PLAIN_NAME.test(call.simpleReceiver) ? call.args()[0] : undefined
    if (app?.kind !== 'name' || app.key || apps.has(app.value)) continue
    // Without a name here, the name the app gives itself in its module (`typer.Typer(name="items")`), read there.
    const name = keyedString(call.args(), 'name') ?? CLICK_OWN_WORD
    const prefix = [...wordsAbove(links, call.simpleReceiver), name].join('/')
    out.push({ target: app.value, prefix, router: call.simpleReceiver, row: call.row, offset: call.offset })
  }
  return out
}
