/** One server-sent event: its `event` name (`message` unless the server named it) and its data. */
export interface SseEvent {
  readonly event: string
  readonly data: string
}

/**
 * An incremental parser of a `text/event-stream` body (the HTML Living Standard's rules): lines
 * end with LF, CR or CRLF (a CRLF split across two chunks counts once), `data:` lines accumulate
 * (joined by LF), `event:` names the event, lines starting with `:` are comments, a blank line
 * dispatches. `id` and `retry` are ignored: a chat completion is never resumed.
 */
export class SseParser {
  readonly #maxEventChars: number
  #pending = ''
  #data: string[] = []
  #dataChars = 0
  #event = ''
  #skipLineFeed = false

  /** @param maxEventChars - The longest line or event accepted; more is a `RangeError` (a runaway stream). */
  constructor(maxEventChars: number) {
    this.#maxEventChars = maxEventChars
  }

  /** Feeds decoded text; returns the events it completed, in order. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = []
    let start = 0
    if (this.#skipLineFeed && text.charCodeAt(0) === 10) start = 1
    this.#skipLineFeed = false
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code !== 10 && code !== 13) continue
      this.#line(this.#pending + text.slice(start, i), events)
      this.#pending = ''
      if (code === 13) {
        if (i + 1 === text.length) this.#skipLineFeed = true
        else if (text.charCodeAt(i + 1) === 10) i++
      }
      start = i + 1
    }
    this.#pending += text.slice(start)
    if (this.#pending.length > this.#maxEventChars) throw new RangeError(`a line longer than ${this.#maxEventChars} characters`)
    return events
  }

  /** Ends the stream: a last line without its terminator, and an event without its blank line, still count. */
  end(): SseEvent[] {
    const events: SseEvent[] = []
    if (this.#pending !== '') this.#line(this.#pending, events)
    this.#pending = ''
    this.#line('', events)
    return events
  }

  #line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.#data.length > 0) events.push({ event: this.#event === '' ? 'message' : this.#event, data: this.#data.join('\n') })
      this.#data = []
      this.#dataChars = 0
      this.#event = ''
      return
    }
    if (line.charCodeAt(0) === 58) return // ':' starts a comment (keep-alive pings)
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.charCodeAt(0) === 32) value = value.slice(1)
    if (field === 'data') {
      this.#dataChars += value.length + 1
      if (this.#dataChars > this.#maxEventChars) throw new RangeError(`an event longer than ${this.#maxEventChars} characters`)
      this.#data.push(value)
    } else if (field === 'event') {
      this.#event = value
    }
  }
}
