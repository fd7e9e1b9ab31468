import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { cliCommand, type DetectContext, type EntrypointDetector } from './detector.js'

/** Nesting deeper than this is cut (cycles stay cheap). */
const MAX_NESTING = 8

/** `CommandRunner('git', 'Distributed version control.')`: the program's name. */
const RUNNER = /\bCommandRunner\s*(?:<[^>]*>)?\s*\(\s*(['"])([^'"\n]+)\1/g
/** `..addCommand(CommitCommand())`, `runner.addCommand(...)`, `addSubcommand(...)`: the class added. */
const ADDED = /\badd(Sub)?[Cc]ommand\s*\(\s*(?:new\s+|const\s+)?([A-Z]\w*)\s*[(<]/g
/** A command's `name` as its field or getter gives it: `final name = 'commit';`, `String get name => 'commit';`. */
const NAME_VALUE = /(?:=|=>)\s*(['"])([^'"\n]+)\1/

/** The command name a class gives itself, if it does. */
function ownName(type: SymbolFact, symbols: readonly SymbolFact[], text: string): string | undefined {
  const member = symbols.find((symbol) => symbol.parent === type && symbol.name === 'name')
  return member ? NAME_VALUE.exec(text.slice(member.start, member.end))?.[2] : undefined
}

/**
 * package:args's commands: each class extending `Command` that names itself (`final name =
 * 'commit';` or a `name` getter) is a command, under the command whose body adds it
 * (`addSubcommand(StashSaveCommand())`) and under the program a `CommandRunner('git', ...)` of
 * the same file adds it to (`..addCommand(CommitCommand())`): `git stash save`. Its handler is its `run()`.
 */
export const dartArgsCommands: EntrypointDetector = {
  framework: 'args',
  languages: ['dart'],
  imports: ['package:args'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { symbols, heritage, text, masked } = context.facts
    const commands = heritage.filter((fact) => fact.kind === 'extends' && fact.target === 'Command').map((fact) => fact.symbol)
    if (commands.length === 0) return []
    const byName = new Map(commands.map((type) => [type.name, type]))
    const program = [...text.matchAll(RUNNER)][0]?.[2]
    // Each command's parent: the command class whose span adds it, else the runner (`''`).
    const parents = new Map<SymbolFact, SymbolFact | ''>()
    for (const match of masked.matchAll(ADDED)) {
      const child = byName.get(match[2] as string)
      if (!child || parents.has(child)) continue
      const owner = match[1] ? commands.find((type) => type.start <= match.index && match.index < type.end) : undefined
      parents.set(child, owner ?? '')
    }
    const line = (type: SymbolFact, depth: number): string[] | undefined => {
      const own = ownName(type, symbols, text)
      if (own === undefined) return undefined
      const parent = depth < MAX_NESTING ? parents.get(type) : undefined
      if (parent === '' || parent === undefined) return parent === '' && program ? [program, own] : [own]
      const above = parent === type ? undefined : line(parent, depth + 1)
      return above ? [...above, own] : [own]
    }
    const drafts: EntrypointDraft[] = []
    for (const type of commands) {
      const words = line(type, 0)
      if (!words) continue
      const run = symbols.find((symbol) => symbol.parent === type && symbol.name === 'run')
      drafts.push({ ...cliCommand('args', words.join(' '), run?.qname ?? ''), row: type.startRow, endRow: type.endRow, offset: type.start, text: type.signature, declaring: type })
    }
    return drafts
  },
}
