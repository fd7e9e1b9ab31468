import type { LayerFamily } from './family.js'
import { cFamily } from './families/c-cpp.js'
import { csharpFamily } from './families/csharp.js'
import { goFamily } from './families/go.js'
import { javaFamily } from './families/java.js'
import { javascriptFamily } from './families/javascript-typescript.js'
import { kotlinFamily } from './families/kotlin.js'
import { swiftFamily } from './families/swift.js'
import { dartFamily } from './families/dart.js'
import { phpFamily } from './families/php.js'
import { pythonFamily } from './families/python.js'
import { rubyFamily } from './families/ruby.js'
import { rustFamily } from './families/rust.js'
import { shellFamily } from './families/shell.js'

const FAMILIES: Readonly<Record<string, LayerFamily>> = {
  typescript: javascriptFamily,
  tsx: javascriptFamily,
  javascript: javascriptFamily,
  python: pythonFamily,
  go: goFamily,
  java: javaFamily,
  kotlin: kotlinFamily,
  swift: swiftFamily,
  dart: dartFamily,
  rust: rustFamily,
  c: cFamily,
  cpp: cFamily,
  csharp: csharpFamily,
  ruby: rubyFamily,
  php: phpFamily,
  bash: shellFamily,
  powershell: shellFamily,
}

/**
 * Languages whose files' layer records describe code of another: a single-file component's
 * scripts are TypeScript's (JavaScript parses as it), read by its table and resolved as its files are.
 */
const SCRIPT_LANGUAGES: Readonly<Record<string, string>> = { vue: 'typescript', svelte: 'typescript', astro: 'typescript' }

/**
 * The language a file's layer records carry: its own, or for a single-file component (`vue`,
 * `svelte`, `astro`) its scripts' (`typescript`).
 */
export function layerLanguage(language: string): string {
  return SCRIPT_LANGUAGES[language] ?? language
}

/** The layer-extraction table of a language id, if it has one (CSS and INI have none; a component has its scripts'). */
export function familyFor(language: string): LayerFamily | undefined {
  return FAMILIES[layerLanguage(language)]
}
