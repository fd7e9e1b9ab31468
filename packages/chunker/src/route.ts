import type { SourceFile } from '@rag/core'
import { languageForPath, languageForShebang, languageInfo, type LanguageInfo } from './languages.js'

/** How one file is chunked, and the language and format its chunks record. */
export interface Route {
  /** `code`: tree-sitter symbols; `markdown`: sections; `windows`: text windows. */
  readonly strategy: 'code' | 'markdown' | 'windows'
  /** Recorded as `language`: the known language id, else the given language, else the format. */
  readonly language: string
  /** Recorded as `format`: the given format, or the detected one when it was empty or `auto`. */
  readonly format: string
  /** The language's entry in `SUPPORTED_LANGUAGES`, if any. */
  readonly info: LanguageInfo | undefined
}

function detectLanguage(file: SourceFile): { language: string | undefined; info: LanguageInfo | undefined } {
  if (file.language) {
    const info = languageInfo(file.language)
    return { language: info?.id ?? file.language, info }
  }
  const byPath = languageForPath(file.path)
  if (byPath) return { language: byPath, info: languageInfo(byPath) }
  if (file.content.startsWith('#!')) {
    const byShebang = languageForShebang(file.content.slice(0, 200).split('\n', 1)[0] as string)
    if (byShebang) return { language: byShebang, info: languageInfo(byShebang) }
  }
  return { language: undefined, info: undefined }
}

/**
 * Picks the strategy for a file. The format decides: `markdown` gives sections, `code` gives
 * symbols when the language (given, else from the path's extension or name, else from a `#!` line)
 * has a grammar and windows otherwise, and any other format gives windows. An empty or `auto`
 * format is detected from the language instead. A `code` file whose language is markdown gets
 * sections.
 */
export function routeFile(file: SourceFile): Route {
  const { language, info } = detectLanguage(file)
  const given = file.format.trim().toLowerCase()
  const detect = given === '' || given === 'auto'
  const format = detect ? (info?.format ?? 'text') : file.format
  const recorded = language ?? format
  if (given === 'markdown' || (info?.format === 'markdown' && (detect || given === 'code'))) {
    return { strategy: 'markdown', language: recorded, format, info }
  }
  if (given === 'code' || (detect && info?.format === 'code')) return { strategy: 'code', language: recorded, format, info }
  return { strategy: 'windows', language: recorded, format, info }
}
