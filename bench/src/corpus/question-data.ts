/**
 * The question set (`bench/data/questions/`, see its README): questions a developer new to one of
 * the commit-localization repositories would ask a coding assistant ("where does the client decide
 * to retry after a 503?"), each with the source files that answer it, read from the code at the
 * same snapshot. It runs on the commit-localization corpora, so the same index answers both sets.
 */
import { readFileSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { localizationSplit, type LocalizationQuery } from './localization-data.js'

/** Where the question files live: `<repo>.json` per repository. */
export const QUESTIONS_DATA = fileURLToPath(new URL('../../data/questions/', import.meta.url))

/** How a question is put: the set's four styles. */
export type QuestionStyle = 'behaviour' | 'change' | 'identifier' | 'bug'

const STYLES: ReadonlySet<string> = new Set<QuestionStyle>(['behaviour', 'change', 'identifier', 'bug'])

/** One question of the set, as the localization suite reads it. */
export interface Question extends LocalizationQuery {
  readonly style: QuestionStyle
}

interface QuestionsJson {
  readonly repo: string
  readonly questions: readonly { readonly id: string; readonly style: string; readonly question: string; readonly relevant: readonly string[] }[]
}

/** Whether `text` names one of `files` by path or by its base name as a word (`Ky`, `pool`). */
function mentionsFile(text: string, files: readonly string[]): boolean {
  const lower = text.toLowerCase()
  return files.some((file) => {
    const stem = basename(file, extname(file)).toLowerCase()
    return lower.includes(file.toLowerCase()) || new RegExp(`(^|[^a-z0-9_])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9_])`).test(lower)
  })
}

/**
 * Reads a repository's questions; the split is the commit set's (`localizationSplit` of the id).
 *
 * @throws Error naming the file when it is for another repository, a style is unknown or a question has no relevant file.
 */
export function loadQuestions(id: string, dataDir: string = QUESTIONS_DATA): readonly Question[] {
  const path = join(dataDir, `${id}.json`)
  const data = JSON.parse(readFileSync(path, 'utf8')) as QuestionsJson
  if (data.repo !== id) throw new Error(`${path} is for "${data.repo}", expected "${id}".`)
  return data.questions.map((q) => {
    if (!STYLES.has(q.style)) throw new Error(`${path}: ${q.id} has style "${q.style}"; expected one of ${[...STYLES].join(', ')}.`)
    if (q.relevant.length === 0) throw new Error(`${path}: ${q.id} lists no relevant file.`)
    return {
      id: q.id,
      repo: id,
      text: q.question,
      relevant: q.relevant,
      split: localizationSplit(q.id),
      mentionsRelevantFile: mentionsFile(q.question, q.relevant),
      style: q.style as QuestionStyle,
    }
  })
}
