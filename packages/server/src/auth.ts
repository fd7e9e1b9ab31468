import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import { ConfigError } from '@rag/core'

/** `true` for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '')
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true
  if (isIP(h) === 4) return h.startsWith('127.')
  if (h.startsWith('::ffff:')) return isIP(h.slice(7)) === 4 && h.slice(7).startsWith('127.')
  return false
}

/**
 * Refuses a token no client could send (`Authorization: Bearer <token>` carries it as one word of
 * visible ASCII): empty, with whitespace or control characters, or non-ASCII. Accepted, such a
 * token would make the server refuse every request.
 *
 * @throws ConfigError naming what is wrong and where.
 */
export function assertUsableToken(token: string): void {
  const where = '(token option, --token or RAG_TOKEN)'
  if (token === '') throw new ConfigError(`The auth token ${where} is empty; give a token of at least 16 visible characters, or none for a loopback-only server.`)
  const bad = /[^\x21-\x7e]/.exec(token)
  if (bad) {
    const char = bad[0]
    const what = /\s/.test(char) ? 'whitespace' : char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? 'a control character' : 'a non-ASCII character'
    throw new ConfigError(
      `The auth token ${where} contains ${what} (${JSON.stringify(char)} at position ${bad.index + 1}); a bearer token is one word of visible ASCII characters, so clients could never send it.`,
    )
  }
}

/**
 * Refuses a bind that other machines could reach unless a token guards it, and a token no client
 * could send.
 *
 * @throws ConfigError for a non-loopback host without a token, or a token that is empty, holds whitespace, control or non-ASCII characters, or is shorter than 16 characters.
 */
export function assertSafeBind(host: string, token: string | undefined): void {
  if (token !== undefined) assertUsableToken(token)
  if (token !== undefined && token.length < 16) {
    throw new ConfigError(`The auth token must be at least 16 characters; received one of ${token.length}.`)
  }
  if (!isLoopbackHost(host) && token === undefined) {
    throw new ConfigError(`Host ${host} is reachable from other machines; set an auth token (token option, --token or RAG_TOKEN) or bind to 127.0.0.1.`)
  }
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

/**
 * Returns a check of `Authorization` header values against `token`: `Bearer <token>`, compared
 * in constant time (both sides are hashed first, so their lengths do not leak either).
 */
export function createBearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = digest(token)
  return (header) => {
    if (typeof header !== 'string') return false
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header)
    if (!match) return false
    return timingSafeEqual(digest(match[1] as string), expected)
  }
}
