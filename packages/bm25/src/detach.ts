/**
 * V8 may return a long token as a slice of the whole text it came from; keeping such a slice (as a
 * dictionary or memo entry) would keep that entire text alive. Long strings get a copy of their own.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1)
}
