/** A quoted message's words must run on for this many words in a chunk to count (unless the message is shorter). */
export const MIN_MESSAGE_WORDS = 3

/** Lower-case words (letters and digits) of a text, in order. */
export function messageWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * How much of a quoted message a text says word for word: the longest run of the message's
 * consecutive words that the text has consecutively (punctuation, case and spacing aside), as a
 * share of the message's words; 0 when that run is shorter than {@link MIN_MESSAGE_WORDS} words
 * (the whole message when shorter). A message as the user saw it has values where the code has
 * placeholders (`Could not open file 'out.txt': Permission denied` against `_("Could not open
 * file {filename!r}: {message}")`), so part of it is what the code can say.
 *
 * @param text the chunk's words, joined by single spaces with one at each end (see {@link spacedWords}).
 */
export function messageShare(message: readonly string[], text: string): number {
  const k = message.length
  if (k === 0) return 0
  const least = Math.min(k, MIN_MESSAGE_WORDS)
  let longest = 0
  // Each start whose shortest run the text has is extended word by word as far as the text goes on with it.
  for (let start = 0; start + Math.max(least, longest + 1) <= k; start++) {
    let length = least
    if (!text.includes(` ${message.slice(start, start + length).join(' ')} `)) continue
    while (start + length < k && text.includes(` ${message.slice(start, start + length + 1).join(' ')} `)) length++
    longest = Math.max(longest, length)
  }
  return longest / k
}

/** A text's words as {@link messageShare} reads them: single spaces between and at both ends. */
export function spacedWords(text: string): string {
  return ` ${messageWords(text).join(' ')} `
}
