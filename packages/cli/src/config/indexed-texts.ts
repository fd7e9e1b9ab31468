import { type IndexedText } from '@rag/core'
import { contentText, pathAndSymbolText } from '@rag/lexical'

/** What the index analyses for each chunk, by its `index.fields` configuration name. */
export const INDEXED_TEXTS: Readonly<Record<FieldsName, IndexedText>> = Object.freeze({
  'path+symbol': pathAndSymbolText,
  content: contentText,
})

/** Configuration names of {@link INDEXED_TEXTS}: `content`, or the path and symbol names before it. */
export type FieldsName = 'path+symbol' | 'content'

/** The configuration name of an indexed text by its stored name (`path+symbol@1` → `path+symbol`), if known. */
export function fieldsByStoredName(stored: string): FieldsName | undefined {
  return (Object.keys(INDEXED_TEXTS) as FieldsName[]).find((name) => INDEXED_TEXTS[name].name === stored)
}
