/** The HTTP methods `rag routes --method` names in its help and errors (besides `*`). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL'] as const

/**
 * The other methods `rag routes --method` accepts, which routes may serve (Hono's `app.on('PURGE', ...)`,
 * a WebDAV server's `PROPFIND`): IANA's HTTP method registry, and caches' `PURGE`.
 */
export const OTHER_HTTP_METHODS: ReadonlySet<string> = new Set([
  'ACL', 'BASELINE-CONTROL', 'BIND', 'CHECKIN', 'CHECKOUT', 'CONNECT', 'COPY', 'LABEL', 'LINK', 'LOCK', 'MERGE', 'MKACTIVITY',
  'MKCALENDAR', 'MKCOL', 'MKREDIRECTREF', 'MKWORKSPACE', 'MOVE', 'ORDERPATCH', 'PRI', 'PROPFIND', 'PROPPATCH', 'PURGE', 'QUERY',
  'REBIND', 'REPORT', 'SEARCH', 'TRACE', 'UNBIND', 'UNCHECKOUT', 'UNLINK', 'UNLOCK', 'UPDATE', 'UPDATEREDIRECTREF', 'VERSION-CONTROL',
])
