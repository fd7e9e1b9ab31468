/** `postgres://rag:***@db:5432/rag`: a URL with its password (and password-like query parameters) hidden. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text)
    if (url.password !== '') url.password = '***'
    for (const key of [...url.searchParams.keys()]) if (/pass|secret|key|token/i.test(key)) url.searchParams.set(key, '***')
    return url.href
  } catch {
    return text.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@')
  }
}
