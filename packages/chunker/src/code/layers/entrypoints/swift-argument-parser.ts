import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { cliCommand, kebab, type DetectContext, type EntrypointDetector } from './detector.js'

/** The protocols a command type conforms to. */
const COMMAND_PROTOCOLS: ReadonlySet<string> = new Set(['ParsableCommand', 'AsyncParsableCommand'])

/** Nesting deeper than this is cut (cycles stay cheap). */
const MAX_NESTING = 8

/** What a command's `static let configuration = CommandConfiguration(...)` says: its name and subcommands, when it says so. */
interface Configuration {
  readonly name: string | undefined
  readonly subcommands: readonly string[]
}

/** A command type's configuration, read from the text of its `configuration` property. */
function configurationOf(type: SymbolFact, symbols: readonly SymbolFact[], text: string): Configuration {
  const property = symbols.find((symbol) => symbol.parent === type && symbol.name === 'configuration')
  const written = property ? text.slice(property.start, property.end) : ''
  const name = /\bcommandName\s*:\s*"([^"\\]+)"/.exec(written)?.[1]
  const list = /\bsubcommands\s*:\s*\[([^\]]*)\]/.exec(written)?.[1] ?? ''
  const subcommands = [...list.matchAll(/([A-Za-z_][\w.]*)\.self\b/g)].map((match) => (match[1] as string).split('.').at(-1) as string)
  return { name, subcommands }
}

/**
 * swift-argument-parser's commands: each type conforming to `ParsableCommand` or
 * `AsyncParsableCommand` is a command named by its configuration's `commandName`, else by its
 * type name in kebab case (`RepeatPhrase` is `repeat-phrase`), as the library names it; a command
 * listed in another's `subcommands: [Add.self]` in the same file follows that one's name
 * (`math stats average`). Its handler is its `run()`.
 */
export const swiftArgumentParser: EntrypointDetector = {
  framework: 'swift-argument-parser',
  languages: ['swift'],
  imports: ['ArgumentParser'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { symbols, heritage, text } = context.facts
    const commands = [...new Set(heritage.filter((fact) => COMMAND_PROTOCOLS.has(fact.target.replace(/^ArgumentParser\./, ''))).map((fact) => fact.symbol))]
    if (commands.length === 0) return []
    const configurations = new Map(commands.map((type) => [type, configurationOf(type, symbols, text)]))
    // The command that lists each type as a subcommand, by the type's name.
    const parents = new Map<string, SymbolFact>()
    for (const [type, configuration] of configurations) for (const child of configuration.subcommands) if (!parents.has(child)) parents.set(child, type)
    const line = (type: SymbolFact, depth: number): string[] => {
      const own = configurations.get(type)?.name ?? kebab(type.name)
      const parent = depth < MAX_NESTING ? parents.get(type.name) : undefined
      return parent === undefined || parent === type ? [own] : [...line(parent, depth + 1), own]
    }
    return commands.map((type) => {
      const run = symbols.find((symbol) => symbol.parent === type && symbol.name === 'run' && symbol.kind === 'method')
      return {
        ...cliCommand('swift-argument-parser', line(type, 0).join(' '), run?.qname ?? ''),
        row: type.startRow,
        endRow: type.endRow,
        offset: type.start,
        text: type.signature,
        declaring: type,
      }
    })
  },
}
