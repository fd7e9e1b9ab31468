import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { cliCommand, type DetectContext, type EntrypointDetector } from './detector.js'

/** A Django management command's module: `<app>/management/commands/<name>.py`, group 1 the command's name. */
const COMMAND_MODULE = /(?:^|\/)management\/commands\/([A-Za-z]\w*)\.py$/

/**
 * Django's management commands: the `Command` class (extending `BaseCommand`, or another command
 * class) of a module `<app>/management/commands/<name>.py` is `manage.py <name>`, run by its
 * `handle` method (Django-Styleguide-Example's `setup_periodic_tasks`).
 */
export const DJANGO_COMMANDS_DETECTOR: EntrypointDetector = {
  framework: 'django',
  languages: ['python'],
  imports: ['django'],
  detect(context: DetectContext): EntrypointDraft[] {
    const name = COMMAND_MODULE.exec(context.facts.path)?.[1]
    if (name === undefined) return []
    const command = context.facts.symbols.find((symbol) => symbol.kind === 'class' && symbol.parent === undefined && symbol.name === 'Command')
    if (command === undefined || !context.facts.heritage.some((base) => base.symbol === command && base.kind === 'extends')) return []
    const handle: SymbolFact | undefined = context.facts.symbols.find((symbol) => symbol.parent === command && symbol.name === 'handle')
    return [{ ...cliCommand('django', name, handle?.qname ?? command.qname), row: command.startRow, endRow: command.endRow, offset: command.start, text: command.signature, declaring: command }]
  },
}
