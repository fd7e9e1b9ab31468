/** Shortest run of a secret's characters that is treated as the secret when it shows up in text. */
const MIN_SECRET_RUN = 6

/**
 * `text` with `secret`, and any run of 6 or more of its consecutive characters (services echo
 * masked keys such as `sk-abc1****wxyz`), replaced by `[redacted]`.
 */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text
  let out = text.split(secret).join('[redacted]')
  if (secret.length < MIN_SECRET_RUN) return out
  for (let start = 0; start + MIN_SECRET_RUN <= secret.length; start++) {
    const run = secret.slice(start, start + MIN_SECRET_RUN)
    if (out.includes(run)) out = out.split(run).join('[redacted]')
  }
  return out
}

/** `url` without user, password, query or fragment: safe to put in a message. */
export function describeEndpoint(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}

/** Up to `max` characters of a response body on one line, the secret removed. */
export function bodyExcerpt(body: string, secret: string | undefined, max = 200): string {
  const line = redact(body, secret).replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 3)}...` : line
}

/**
 * Why `url` cannot be an endpoint's base URL when it carries a user name or password
 * (`http://bob:secret@host/v1`): fetch refuses such a URL, and every message that showed it would
 * show the password. `undefined` when it carries none. The message names `what` and shows the URL
 * without them.
 *
 * @example
 * credentialsInUrl(new URL('http://bob:pw@127.0.0.1:8080/v1'), 'chat.baseUrl')
 * // 'chat.baseUrl must not carry a user name or password (http://127.0.0.1:8080/v1 has them); give the API key through its environment variable.'
 */
export function credentialsInUrl(url: URL, what: string): string | undefined {
  if (url.username === '' && url.password === '') return undefined
  return `${what} must not carry a user name or password (${describeEndpoint(url)} has them); give the API key through its environment variable.`
}
