import { keyArg, stringArg } from '../args.js'
import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { callDraft, cliCommand, decoratorDraft, handlerOf, type DetectContext, type EntrypointDetector } from './detector.js'

/** `protected $signature = 'bookstack:regenerate-search {--database=}'` (or the older `$name`): group 2 the command's name. */
const COMMAND_PROPERTY = /\$(signature|name)\s*=\s*['"]\s*([^\s'"{]+)/

/** A class of the file that extends a console command (`extends Command`, Laravel's `Illuminate\Console\Command`). */
function commandClasses(context: DetectContext): Set<SymbolFact> {
  const out = new Set<SymbolFact>()
  for (const base of context.facts.heritage) if (base.kind === 'extends' && /(?:^|[\\.])Command$/.test(base.target)) out.add(base.symbol)
  return out
}

/**
 * Laravel's Artisan commands: a class extending `Command` with a `$signature` (or `$name`) names
 * one (`bookstack:regenerate-search`), run by its `handle` method; `Artisan::command('inspire',
 * function () {...})` in `routes/console.php` defines one in place.
 */
export const LARAVEL_COMMANDS_DETECTOR: EntrypointDetector = {
  framework: 'laravel',
  languages: ['php'],
  imports: ['Illuminate'],
  receivers: /^\\?Artisan$/,
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    // (A console command: in a file that imports Laravel's console, or under `Console/`; not a CQRS `Command` of the domain.)
    const consoleFile = context.imports('Illuminate\\Console') || /(?:^|\/)Console\//.test(context.facts.path)
    const classes = consoleFile ? commandClasses(context) : new Set<SymbolFact>()
    for (const symbol of context.facts.symbols) {
      if (symbol.kind !== 'property' || symbol.parent === undefined || !classes.has(symbol.parent)) continue
      const name = COMMAND_PROPERTY.exec(context.facts.text.slice(symbol.start, Math.min(symbol.end, symbol.start + 300)))
      if (!name || (name[1] === 'name' && symbol.name !== 'name') || (name[1] === 'signature' && symbol.name !== 'signature')) continue
      const owner = symbol.parent
      const handle = context.facts.symbols.find((s) => s.parent === owner && s.name === 'handle')
      drafts.push({ ...cliCommand('laravel', name[2] as string, handle?.qname ?? owner.qname), row: owner.startRow, endRow: owner.endRow, offset: owner.start, text: owner.signature, declaring: owner })
    }
    for (const call of context.facts.calls) {
      if (call.name !== 'command' || call.receiver.replace(/^\\/, '') !== 'Artisan') continue
      const word = stringArg(call.args(), 0, ['signature'])?.split(/\s/, 1)[0]
      if (word) drafts.push(callDraft(call, cliCommand('laravel', word, handlerOf(call.args()[1]))))
    }
    return drafts
  },
}

/** Symfony's `protected static $defaultName = 'app:add-user'` (before the attribute): group 1 the name. */
const DEFAULT_NAME = /\$defaultName\s*=\s*['"]([^'"\s]+)/

/**
 * Symfony's console commands: a class extending `Command` named by `#[AsCommand(name: 'app:add-user')]`
 * (or its first argument), or by the older `protected static $defaultName`; run by `execute`
 * (or `__invoke`, Symfony 7.3's invokable commands).
 */
export const SYMFONY_COMMANDS_DETECTOR: EntrypointDetector = {
  framework: 'symfony',
  languages: ['php'],
  imports: ['Symfony\\Component\\Console'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    const runs = (owner: SymbolFact): string => context.facts.symbols.find((s) => s.parent === owner && (s.name === 'execute' || s.name === '__invoke'))?.qname ?? owner.qname
    for (const symbol of context.facts.symbols) {
      if (symbol.kind !== 'class') continue
      const attribute = symbol.decorators.find((d) => d.name === 'AsCommand' || d.name.endsWith('\\AsCommand'))
      const named = attribute === undefined ? undefined : (keyArg(attribute.args, 'name') ?? attribute.args.find((arg) => !arg.key))
      if (attribute !== undefined && named?.kind === 'string') {
        drafts.push(decoratorDraft(symbol, attribute, { ...cliCommand('symfony', named.value.split('|')[0] as string, runs(symbol)) }))
        continue
      }
      const property = context.facts.symbols.find((s) => s.parent === symbol && s.name === 'defaultName')
      const old = property === undefined ? null : DEFAULT_NAME.exec(context.facts.text.slice(property.start, Math.min(property.end, property.start + 200)))
      if (old) drafts.push({ ...cliCommand('symfony', old[1] as string, runs(symbol)), row: symbol.startRow, endRow: symbol.endRow, offset: symbol.start, text: symbol.signature, declaring: symbol })
    }
    return drafts
  },
}
