import { keyArg } from '../args.js'
import type { FileFacts, LiteralFact, MountFact, SymbolFact } from '../facts.js'
import { commandWord, lastSegment } from './detector.js'

const DOTTED_NAME = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)?$/

/** The command word of a cobra command literal (`&cobra.Command{Use: "alias <command>"}` gives `alias`), if it has one. */
function wordOf(literal: LiteralFact): string | undefined {
  if (lastSegment(literal.type) !== 'Command') return undefined
  const use = keyArg(literal.args, 'Use')
  const word = use?.kind === 'string' ? commandWord(use.value) : ''
  return word === '' ? undefined : word
}

/** `cmd := &cobra.Command{`, `var rootCmd = &cobra.Command{`: the name the literal at `offset` is assigned to. */
const ASSIGNED = /\b([A-Za-z_]\w*)\s*:?=\s*&?\s*$/

/**
 * The word of the command `name` holds at `offset`: the last literal before it assigned to `name`
 * inside `scope` (the function around the call), else one assigned to it outside every function.
 */
function commandHeldBy(facts: FileFacts, name: string, offset: number, scope: SymbolFact | undefined, enclosing: (offset: number) => SymbolFact | undefined): string | undefined {
  let found: LiteralFact | undefined
  for (const literal of facts.literals) {
    const lineStart = facts.text.lastIndexOf('\n', literal.offset - 1) + 1
    if (ASSIGNED.exec(facts.text.slice(lineStart, literal.offset))?.[1] !== name) continue
    const owner = enclosing(literal.offset)
    const inScope = scope !== undefined && owner !== undefined && literal.offset >= scope.start && literal.offset < scope.end && literal.offset < offset
    const packageLevel = owner === undefined || (owner.parent === undefined && owner.kind === 'variable')
    if (inScope) found = literal
    else if (packageLevel && found === undefined) found = literal
  }
  return found === undefined ? undefined : wordOf(found)
}

/** Whether the file defines `name` or assigns it: a top-level definition, or `name :=` / `name =` anywhere. */
function definedHere(facts: FileFacts, name: string): boolean {
  return facts.symbols.some((symbol) => symbol.name === name) || new RegExp(`(?:^|[^\\w.])${name}\\s*(?:,\\s*\\w+\\s*)?:?=[^=]`).test(facts.text)
}

/**
 * cobra's `parent.AddCommand(child, ...)`: each child is mounted under the parent command's word,
 * so that a command's route is its whole command line (`gh alias delete`). A child is a factory
 * call (`deleteCmd.NewCmdDelete(f, nil)`, `newCmdList(f)`: the command it builds, with the ones
 * it adds beneath) or a command variable (`serveCmd`). The parent's word is that of the command
 * literal its variable holds: assigned in the function around the call (`cmd :=
 * &cobra.Command{Use: "alias <command>"}`), or at package level in this file (`var rootCmd =
 * &cobra.Command{...}`). A parent this file does not define at all is written `{rootCmd}`: a
 * command of another file of the package, which the graph reads there.
 */
export function cobraMountFacts(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): MountFact[] {
  if (facts.language !== 'go' || facts.literals.length === 0) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name !== 'AddCommand' || !DOTTED_NAME.test(call.simpleReceiver) || call.simpleReceiver.includes('.')) continue
    const parent = call.simpleReceiver
    // A parent this file never names otherwise is a command of another file of the package
    // (cobra-cli's `rootCmd` of `root.go`): `{rootCmd}`, which the graph reads there.
    const word = commandHeldBy(facts, parent, call.offset, enclosing(call.offset), enclosing) ?? (definedHere(facts, parent) ? undefined : `{${parent}}`)
    if (word === undefined) continue
    for (const arg of call.args()) {
      const target = arg.kind === 'call' || arg.kind === 'name' ? arg.value : ''
      if (!DOTTED_NAME.test(target)) continue
      out.push({ target, prefix: word, router: call.simpleReceiver, row: call.row, offset: call.offset })
    }
  }
  return out
}
