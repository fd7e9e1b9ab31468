import { keyedString, stringArg } from '../args.js'
import type { CallFact, DecoratorFact, EntrypointDraft, SymbolFact } from '../facts.js'
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

/**
 * The Typer app a variable holds and the name it was given: `users_app = typer.Typer(name="users")`
 * gives `users_app` -> `users`.
 */
function typerNames(calls: readonly CallFact[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const call of calls) {
    if (call.name !== 'Typer') continue
    const variable = call.assignedTo()
    if (variable !== undefined) out.set(variable, keyedString(call.args(), 'name') ?? out.get(variable) ?? '')
  }
  return out
}

/**
 * click and typer: `@click.command()`, `@cli.command('name')`, `@click.group()`, `@app.command()`,
 * each under the words of the groups it is added to in this file: by its decorator
 * (`@db.command() def migrate()` under `@cli.group() def db()` is `db migrate`), by click's
 * `cli.add_command(db[, name])`, or by typer's `app.add_typer(users_app, name="users")`
 * (`users create`; one without a name merges its commands into the parent's). The outermost
 * group is the program: its own command keeps its name (`cli`), its commands have no word of it.
 */
export function decoratedCommands(framework: 'click' | 'typer', names: ReadonlySet<string>): EntrypointDetector {
  const adds = framework === 'click' ? 'add_command' : 'add_typer'
  return {
    framework,
    languages: ['python'],
    imports: [framework],
    detect(context: DetectContext): EntrypointDraft[] {
      const { calls, symbols } = context.facts
      const decorated: Decorated[] = []
      for (const symbol of symbols) {
        if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
        for (const decorator of symbol.decorators) {
          if (!decorator.name.includes('.') || !names.has(lastSegment(decorator.name))) continue
          decorated.push({ symbol, decorator, word: stringArg(decorator.args, 0, ['name']) ?? kebab(symbol.name) })
        }
      }
      const links = new Map<string, Link>()
      for (const { symbol, decorator, word } of decorated) {
        const receiver = decoratorReceiver(decorator)
        // `@click.group()` is added to no group here; `@cli.group()` is added to `cli`.
        if (receiver !== framework && !links.has(symbol.name)) links.set(symbol.name, { parent: receiver, word })
      }
      const apps = framework === 'typer' ? typerNames(calls) : new Map<string, string>()
      for (const call of calls) {
        const child = call.name === adds && call.simpleReceiver !== '' ? call.args()[0] : undefined
        if (child?.kind !== 'name' || child.key) continue
        const own = decorated.find((each) => each.symbol.name === child.value)?.word ?? apps.get(child.value) ?? ''
        const word = stringArg(call.args(), 1, ['name']) ?? own
        if (!links.has(child.value)) links.set(child.value, { parent: call.simpleReceiver, word })
      }
      const drafts: EntrypointDraft[] = []
      for (const { symbol, decorator, word } of decorated) {
        const receiver = decoratorReceiver(decorator)
        // A command of the module (`@click.command()`) sits where `add_command` puts it, if anywhere.
        const route = receiver !== framework ? [...wordsAbove(links, receiver), word] : links.has(symbol.name) ? wordsAbove(links, symbol.name) : [word]
        drafts.push(decoratorDraft(symbol, decorator, cliCommand(framework, route.join(' '), symbol.qname)))
      }
      if (framework === 'typer') {
        for (const call of calls) {
          if (call.name !== 'add_typer') continue
          const app = call.args()[0]
          const name = keyedString(call.args(), 'name') ?? (app?.kind === 'name' ? apps.get(app.value) : undefined)
          if (name) drafts.push(callDraft(call, cliCommand('typer', [...wordsAbove(links, call.simpleReceiver), name].join(' '), handlerOf(call.args()[0]))))
        }
      }
      return drafts
    },
  }
}
