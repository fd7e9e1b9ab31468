import type { Document, Metadata } from '@rag/core'
import { escapeXml } from './escape.js'
import type { PromptLayout, RenderedBlock } from './layout.js'

/** What the fenced layout needs to know besides the query. */
export interface FencedLayoutOptions {
  /** The prefix of the fence's own tags, already validated. */
  readonly tagPrefix: string
  /** The metadata keys to render, in order; `undefined` renders all (`file` first). */
  readonly provenanceKeys: readonly string[] | undefined
}

/**
 * The metadata keys to render for one document: the requested keys the document has, in the
 * requested order; or, by default, `file` first and then every other key in the document's own
 * key order. `file` leads because it is the provenance a reader needs first, and because stores
 * may not keep key order (PostgreSQL `jsonb` sorts keys), so leading with it keeps the output
 * stable across stores.
 */
export function provenanceOrder(metadata: Metadata, keys: readonly string[] | undefined): string[] {
  const own = (key: string): boolean => Object.prototype.hasOwnProperty.call(metadata, key)
  if (keys !== undefined) return keys.filter(own)
  const all = Object.keys(metadata)
  return own('file') ? ['file', ...all.filter((key) => key !== 'file')] : all
}

function entry(key: string, value: Metadata[string]): string {
  return `<entry><key>${escapeXml(key)}</key><value>${escapeXml(String(value))}</value></entry>\n`
}

/**
 * The untrusted-context fence of seed 001:
 *
 * ```text
 * <PREFIX-memory>
 * <evidence>
 * <document-id>ID</document-id>
 * <provenance>
 * <entry><key>file</key><value>src/auth/Middleware.java</value></entry>
 * </provenance>
 * <content>CONTENT</content>
 * </evidence>
 * </PREFIX-memory>
 *
 * <PREFIX-user-message>
 * QUERY
 * </PREFIX-user-message>
 * ```
 *
 * Evidence elements follow each other directly; a document without provenance renders
 * `<provenance>` and `</provenance>` on consecutive lines. Id, keys, values and content are
 * escaped with `escapeXml`; the content keeps its own line breaks. The query is inserted
 * unchanged. A truncation marker `<PREFIX-truncated>...</PREFIX-truncated>` goes after the last
 * evidence, inside the memory element. There is no trailing newline.
 */
export function createFencedLayout(query: string, { tagPrefix, provenanceKeys }: FencedLayoutOptions): PromptLayout {
  return {
    start: `<${tagPrefix}-memory>\n`,
    block(document: Document): RenderedBlock {
      let before = `<evidence>\n<document-id>${escapeXml(document.id)}</document-id>\n<provenance>\n`
      for (const key of provenanceOrder(document.metadata, provenanceKeys)) {
        before += entry(key, document.metadata[key] as Metadata[string])
      }
      before += '</provenance>\n<content>'
      return { before, body: escapeXml(document.content), after: '</content>\n</evidence>\n' }
    },
    marker: (note) => `<${tagPrefix}-truncated>${note}</${tagPrefix}-truncated>\n`,
    end: `</${tagPrefix}-memory>\n\n<${tagPrefix}-user-message>\n${query}\n</${tagPrefix}-user-message>`,
  }
}
