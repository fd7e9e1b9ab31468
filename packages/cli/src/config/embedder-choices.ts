import type { EmbedderKind } from '@rag/session'

/**
 * The values `rag index --embedder` accepts: `EMBEDDER_KINDS` of `@rag/session`, in its order
 * (a test holds the two equal). A copy, so that building the command line (`rag --version`,
 * `rag --help`, every parse) does not load `@rag/session` and its dependencies.
 */
export const EMBEDDER_CHOICES: readonly EmbedderKind[] = Object.freeze(['none', 'static', 'hash', 'openai', 'ollama'] satisfies EmbedderKind[])
