import type { ContextPromptFormat } from '@rag/session'
import { configValue } from '../config/load-config.js'
import { openIndex } from '../index/open-index.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'
import { filterOf } from './search-command.js'

/** Options of `rag prompt`. */
export interface PromptCommandOptions {
  readonly topK?: number
  readonly format?: string
  readonly maxTokens?: number
  readonly path?: string
  readonly lang?: readonly string[]
}

/** `rag prompt <question...>`: searches and prints the context prompt for an LLM. */
export async function promptCommand(context: CommandContext, words: readonly string[], options: PromptCommandOptions): Promise<number> {
  const { output } = context
  const question = words.join(' ')
  const location = rootOfExistingIndex(context.root, context.cwd)
  const config = configFor(context, location, {
    'search.topK': { value: options.topK, flag: '-k' },
    'prompt.format': { value: options.format, flag: '--format' },
    'prompt.maxTokens': { value: options.maxTokens, flag: '--max-tokens' },
  })
  const index = await openIndex(location, config, { mode: 'read', warn: output.note, env: context.env })
  try {
    const maxTokens = configValue<number | undefined>(config, 'prompt.maxTokens')
    const filter = filterOf(options, { root: location.root, cwd: context.cwd, warn: output.note })
    const render = await index.rag.renderContextPrompt(question, configValue<number>(config, 'search.topK'), {
      format: configValue<ContextPromptFormat>(config, 'prompt.format'),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(filter === undefined ? {} : { filter }),
    })
    if (output.json) {
      const { prompt, status, included, truncated, omitted, tokens } = render
      output.emit({ question, prompt, status, included, truncated: truncated ?? null, omitted, tokens: tokens ?? null })
    } else {
      // Exact: the prompt is for a model, and fenced (its corpus text is XML-escaped inside the fence).
      output.write(`${render.prompt}\n`)
      if (render.status === 'truncated') output.note(`note: ${render.omitted.length} results omitted${render.truncated ? ', one cut short' : ''} to fit ${maxTokens} tokens.`)
      if (render.status === 'over-budget') output.note(`note: not even the first result fits ${maxTokens} tokens; printed the question alone.`)
      if (render.status === 'no-results') output.note('note: nothing matched; printed the question alone.')
    }
    return 0
  } finally {
    await index.close()
  }
}
