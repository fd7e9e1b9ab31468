import { CONFIG_KEYS, envName, type ConfigValue } from '../config/config-keys.js'
import type { ConfigSource } from '../config/load-config.js'
import { rootForConfig } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'

function describeSource(source: ConfigSource): string {
  return source.where === undefined ? source.kind : `${source.kind} ${source.where}`
}

/** A value as `rag config` may print it: credentials hidden. */
function shownValue(key: string, value: ConfigValue | undefined): ConfigValue | undefined {
  const redact = CONFIG_KEYS.find((k) => k.key === key)?.redact
  return redact !== undefined && typeof value === 'string' ? redact(value) : value
}

/** `rag config`: the effective configuration, and where each value came from. */
export async function configCommand(context: CommandContext): Promise<number> {
  const { output } = context
  const location = rootForConfig(context.root, context.cwd)
  const config = configFor(context, location)
  if (output.json) {
    const values = Object.fromEntries([...config.values].map(([key, { value, source }]) => [key, { value: shownValue(key, value) ?? null, source }]))
    output.emit({ root: location.root, files: config.files, values })
    return 0
  }
  output.line(`Root: ${location.root}`)
  output.line(`User config:    ${config.files.user.path}${config.files.user.found ? '' : ' (not found)'}`)
  output.line(`Project config: ${config.files.project.path}${config.files.project.found ? '' : ' (not found)'}`)
  output.line('Precedence: default < user < project < environment (RAG_*) < flags')
  output.line('')
  const width = Math.max(...CONFIG_KEYS.map((k) => k.key.length)) + 2
  for (const spec of CONFIG_KEYS) {
    const { value, source } = config.values.get(spec.key)!
    const shown = value === undefined ? '(unset)' : JSON.stringify(shownValue(spec.key, value))
    output.line(`${spec.key.padEnd(width)}${shown.padEnd(22)} ${describeSource(source)}  [${envName(spec.key)}]`)
  }
  return 0
}
