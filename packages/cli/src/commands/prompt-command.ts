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

/** What the budget left out: `2 results omitted`, `the last result included cut short`, or both. */
function cutNote(omitted: number, cut: boolean): string {
  const parts = omitted === 0 ? [] : [`${omitted} result${omitted === 1 ? '' : 's'} omitted`]
  if (cut) parts.push('the last result included cut short')
  return parts.join(', ')
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
      // Exact into a pipe or a file (the prompt is for a model); on a terminal, corpus text must not
      // drive it: the plain format carries content raw, and even the fenced one keeps CR, C1 controls and bidi overrides.
      if (output.terminal) output.line(render.prompt)
      else output.write(`${render.prompt}\n`)
      if (render.status === 'truncated') output.note(`note: ${cutNote(render.omitted.length, render.truncated !== undefined)} to fit ${maxTokens} tokens.`)
      if (render.status === 'over-budget') output.note(`note: not even the first result fits ${maxTokens} tokens; printed the question alone.`)
      if (render.status === 'no-results') output.note('note: nothing matched; printed the question alone.')
    }
    return 0
  } finally {
    await index.close()
  }
}
