import { bashRules } from './languages/bash.js'
import { cppRules } from './languages/c-cpp.js'
import { csharpRules } from './languages/csharp.js'
import { cssRules } from './languages/css.js'
import { goRules } from './languages/go.js'
import { iniRules } from './languages/ini.js'
import { javaRules } from './languages/java.js'
import { kotlinRules } from './languages/kotlin.js'
import { swiftRules } from './languages/swift.js'
import { dartRules } from './languages/dart.js'
import { componentRules } from './languages/components.js'
import { javascriptRules } from './languages/javascript-typescript.js'
import { phpRules } from './languages/php.js'
import { powershellRules } from './languages/powershell.js'
import { pythonRules } from './languages/python.js'
import { rubyRules } from './languages/ruby.js'
import { rustRules } from './languages/rust.js'
import type { LanguageRules } from './rules.js'

const RULES: Readonly<Record<string, LanguageRules>> = {
  typescript: javascriptRules,
  tsx: javascriptRules,
  javascript: javascriptRules,
  vue: componentRules,
  svelte: componentRules,
  astro: componentRules,
  python: pythonRules,
  java: javaRules,
  kotlin: kotlinRules,
  swift: swiftRules,
  dart: dartRules,
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
