import type { LanguageRules } from './rules.js'
import { csharpRules, javaRules, phpRules } from './rules-managed.js'
import { bashRules, iniRules, powershellRules, pythonRules, rubyRules } from './rules-scripting.js'
import { cppRules, goRules, rustRules } from './rules-systems.js'
import { cssRules, javascriptRules } from './rules-web.js'

const RULES: Readonly<Record<string, LanguageRules>> = {
  typescript: javascriptRules,
  tsx: javascriptRules,
  javascript: javascriptRules,
  python: pythonRules,
  java: javaRules,
  go: goRules,
  rust: rustRules,
  c: cppRules,
  cpp: cppRules,
  csharp: csharpRules,
  ruby: rubyRules,
  php: phpRules,
  bash: bashRules,
  css: cssRules,
  powershell: powershellRules,
  ini: iniRules,
}

/** The symbol rules of a language id from `SUPPORTED_LANGUAGES`, if it has a grammar. */
export function rulesFor(language: string): LanguageRules | undefined {
  return RULES[language]
}
