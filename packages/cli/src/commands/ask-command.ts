import { GroundedChat, type ChatPreparation, type ChatRetry, type Citation, type GroundedChatEvent } from '@rag/session'
import { chatClientOf, chatConfig, type ChatConfig } from '../config/chat-config.js'
import { openIndex } from '../index/open-index.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import type { Output } from '../output/output.js'
import { configFor, type CommandContext, type FlagValues } from './context.js'

/** Options of `rag ask`. */
export interface AskCommandOptions {
  /** Print what would be sent to the model, and call none. */
  readonly promptOnly?: boolean
  /** Ask the model even without context from the index. */
  readonly ungrounded?: boolean
  readonly model?: string
  readonly baseUrl?: string
  readonly contextTokens?: number
}

/** Exit code when a notice replaced the answer (an empty index, nothing matched). */
const EXIT_NO_ANSWER = 1

function citationJson(citation: Citation): Record<string, unknown> {
  return { location: citation.location, id: citation.id, file: citation.file ?? null, startLine: citation.startLine ?? null, endLine: citation.endLine ?? null }
}

/** One event as a JSON line. */
function eventJson(event: GroundedChatEvent): Record<string, unknown> {
  switch (event.type) {
    case 'context':
      return { type: 'context', grounded: event.grounded, citations: event.citations.map(citationJson) }
    case 'token':
      return { type: 'token', text: event.text }
    case 'notice':
      return { type: 'notice', code: event.code, message: event.message }
    case 'done':
      return {
        type: 'done',
        answered: event.answered,
        grounded: event.grounded,
        citations: event.citations.map(citationJson),
        answer: event.answer,
        finishReason: event.finishReason ?? null,
        ...(event.usage ? { usage: event.usage } : {}),
      }
  }
}

function noticeLine(message: string): string {
  return `notice: ${message.replace(/\.$/, '')} (rag ask --ungrounded).`
}

function printSources(output: Output, citations: readonly Citation[]): void {
  if (citations.length === 0) return
  output.line('Sources:')
  for (const citation of citations) output.line(`  ${escapeTerminal(citation.location)}`)
}

/** `--prompt-only`: the request `rag ask` would send, or the notice it would give. */
function printPreparation(output: Output, question: string, settings: ChatConfig, prepared: ChatPreparation): number {
  const { messages, citations, grounded, notice, context } = prepared
  if (output.json) {
    output.emit({
      question,
      baseUrl: settings.baseUrl,
      model: settings.model ?? null,
      grounded,
      notice: notice ?? null,
      context: context ? { status: context.status, tokens: context.tokens ?? null, omitted: context.omitted } : null,
      citations: citations.map(citationJson),
      messages,
    })
    return notice ? EXIT_NO_ANSWER : 0
  }
  if (notice) {
    output.note(noticeLine(notice.message))
    return EXIT_NO_ANSWER
  }
  for (const message of messages) {
    output.line(`--- ${message.role} ---`)
    output.line(escapeTerminal(message.content, { keepLineFeeds: true }))
  }
  output.line('---')
  printSources(output, citations)
  output.note(`(not sent: POST ${settings.baseUrl.replace(/\/+$/, '')}/chat/completions, model ${settings.model ?? '(chat.model unset)'}${context ? `, context ${context.tokens ?? '?'} tokens` : ''})`)
  return 0
}

/**
 * `rag ask <question...>`: answers a question about the indexed code with an OpenAI-compatible
 * model (Ollama by default), grounded on the index the way seed 001 binds a chat agent (top 5,
 * fenced context), streaming the answer to stdout as it arrives and listing the cited chunks as
 * `path:start-end` at the end. `--json` prints JSON lines (`context`, `token`..., `done`);
 * `--prompt-only` prints what would be sent and calls no model. An index with nothing for the
 * question gives a notice (exit 1) unless `--ungrounded`.
 */
export async function askCommand(context: CommandContext, words: readonly string[], options: AskCommandOptions): Promise<number> {
  const { output, signal } = context
  const question = words.join(' ')
  const location = rootOfExistingIndex(context.root, context.cwd)
  const flags: FlagValues = {
    'chat.model': { value: options.model, flag: '--model' },
    'chat.baseUrl': { value: options.baseUrl, flag: '--base-url' },
    'chat.contextTokens': { value: options.contextTokens, flag: '--context-tokens' },
  }
  const config = configFor(context, location, flags)
  const settings = chatConfig({ config, env: context.env })
  // Check the model before opening the index: a missing model is a configuration error (exit 2).
  // A retry is said at once: a model that times out could otherwise keep the terminal silent for minutes.
  const onRetry = (retry: ChatRetry): void => {
    const line = `${retry.reason} Retrying in ${(retry.waitMs / 1000).toFixed(1)} s (attempt ${retry.attempt + 1} of ${retry.maxAttempts}).`
    if (output.json) output.emit({ type: 'retry', attempt: retry.attempt, nextAttempt: retry.attempt + 1, maxAttempts: retry.maxAttempts, waitMs: Math.round(retry.waitMs), reason: retry.reason })
    else output.note(`note: ${escapeTerminal(line)}`)
  }
  const client = options.promptOnly ? undefined : chatClientOf(settings, onRetry)
  const index = await openIndex(location, config, { mode: 'read', warn: output.note, env: context.env })
  try {
    const chat = new GroundedChat(index.rag, { ...(client ? { client } : {}), maxContextTokens: settings.contextTokens })
    const allowUngrounded = options.ungrounded === true
    if (options.promptOnly) return printPreparation(output, question, settings, await chat.prepare(question, { allowUngrounded }))

    let answered = false
    let endsWithNewline = true
    // Whether the model said anything but white space: an empty answer is no answer.
    let said = false
    try {
      for await (const event of chat.ask(question, { signal, allowUngrounded })) {
        if (event.type === 'token' && event.text.trim() !== '') said = true
        if (output.json) {
          output.emit(eventJson(event))
          if (event.type === 'done') answered = event.answered && said
          continue
        }
        if (event.type === 'token') {
          output.write(escapeTerminal(event.text, { keepLineFeeds: true }))
          endsWithNewline = event.text.endsWith('\n')
        } else if (event.type === 'notice') {
          output.note(noticeLine(event.message))
        } else if (event.type === 'done') {
          answered = event.answered && said
          if (event.answered && !said) output.note(`note: the model (${escapeTerminal(settings.model ?? '')}) returned an empty answer${event.finishReason ? ` (finish reason: ${escapeTerminal(event.finishReason)})` : ''}.`)
          if (!answered) break
          if (!endsWithNewline) output.line()
          output.line()
          printSources(output, event.citations)
          if (!event.grounded) output.note('note: this answer is not grounded on the index (nothing in it matched the question).')
          if (event.finishReason === 'length') output.note('note: the model stopped at its token limit; the answer is cut short.')
        }
      }
    } catch (error) {
      // A stream that breaks off mid-answer: the error goes on a line of its own.
      if (!output.json && !endsWithNewline) output.line()
      throw error
    }
    return answered ? 0 : EXIT_NO_ANSWER
  } finally {
    await index.close()
  }
}
