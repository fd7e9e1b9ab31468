/**
 * Test helper: words that exercise the analyzers: identifiers split by code-aware, stop words,
 * stems, digits, non-ASCII letters, and punctuation (a separator for every analyzer and for FTS5).
 */
export const MIXED_WORDS: readonly string[] = ['getAuthToken', 'auth', 'token', 'the', 'of', 'running', 'runs', 'HTTP_SERVER', 'server', 'x1', 'ключ', 'Ünïcode', 'a.b', 'foo-bar', '__init__', 'pool', 'Pool']
