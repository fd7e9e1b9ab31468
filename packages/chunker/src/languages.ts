/** One language the chunker recognises. */
export interface LanguageInfo {
  /** Language id recorded on chunks, e.g. `typescript`, `cpp`. */
  readonly id: string
  /** The format a file of this language has: `code` (tree-sitter symbols) or `markdown` (sections). */
  readonly format: 'code' | 'markdown'
  /** File extensions, lower case, with the dot. */
  readonly extensions: readonly string[]
  /** Whole file names (lower case) that have no telling extension, e.g. `gemfile`. */
  readonly filenames: readonly string[]
  /**
   * Base name of the tree-sitter grammar (`tree-sitter-<grammar>.wasm`, from `@vscode/tree-sitter-wasm`
   * or shipped in this package's `dist/grammars/`), or `undefined` when the language is not parsed
   * with tree-sitter.
   */
  readonly grammar: string | undefined
}

function code(id: string, grammar: string, extensions: string[], filenames: string[] = []): LanguageInfo {
  return Object.freeze({ id, format: 'code', extensions: Object.freeze(extensions), filenames: Object.freeze(filenames), grammar })
}

/**
 * Every language the chunker handles, with its extensions. Code languages are parsed with the
 * grammars of `@vscode/tree-sitter-wasm`; that package has no C grammar, so `c` is parsed with the
 * C++ grammar (a superset for nearly all C). The grammars of Kotlin (`@tree-sitter-grammars/tree-sitter-kotlin`),
 * Swift and Dart (`@repomix/tree-sitter-wasms`) ship inside this package. Markdown is split into sections without a grammar.
 */
export const SUPPORTED_LANGUAGES: readonly LanguageInfo[] = Object.freeze([
  code('typescript', 'typescript', ['.ts', '.mts', '.cts']),
  code('tsx', 'tsx', ['.tsx']),
  code('javascript', 'javascript', ['.js', '.mjs', '.cjs', '.jsx']),
  code('python', 'python', ['.py', '.pyi', '.pyw']),
  code('java', 'java', ['.java']),
  code('kotlin', 'kotlin', ['.kt', '.kts']),
  code('swift', 'swift', ['.swift']),
  code('dart', 'dart', ['.dart']),
  code('go', 'go', ['.go']),
  code('rust', 'rust', ['.rs']),
  code('c', 'cpp', ['.c', '.h']),
  code('cpp', 'cpp', ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.inl', '.tpp']),
  code('csharp', 'c-sharp', ['.cs', '.csx']),
  code('ruby', 'ruby', ['.rb', '.rake', '.gemspec', '.ru'], ['rakefile', 'gemfile', 'guardfile', 'podfile', 'vagrantfile']),
  code('php', 'php', ['.php', '.phtml']),
  code('bash', 'bash', ['.sh', '.bash', '.zsh', '.ksh'], ['.bashrc', '.bash_profile', '.bash_aliases', '.profile', '.zshrc', '.zprofile']),
  code('css', 'css', ['.css']),
  code('powershell', 'powershell', ['.ps1', '.psm1', '.psd1']),
  code('ini', 'ini', ['.ini'], ['.editorconfig', '.gitconfig']),
  // Single-file components: their scripts, parsed with the TypeScript grammar (`code/languages/components.ts`).
  code('vue', 'typescript', ['.vue']),
  code('svelte', 'typescript', ['.svelte']),
  code('astro', 'typescript', ['.astro']),
  Object.freeze({
    id: 'markdown',
    format: 'markdown',
    extensions: Object.freeze(['.md', '.markdown', '.mdx', '.mdown', '.mkd']),
    filenames: Object.freeze([]),
    grammar: undefined,
  }),
] satisfies LanguageInfo[])

const byId = new Map<string, LanguageInfo>()
const byExtension = new Map<string, LanguageInfo>()
const byFilename = new Map<string, LanguageInfo>()
for (const info of SUPPORTED_LANGUAGES) {
  byId.set(info.id, info)
  for (const ext of info.extensions) byExtension.set(ext, info)
  for (const name of info.filenames) byFilename.set(name, info)
}

const ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  py: 'python',
  python3: 'python',
  kt: 'kotlin',
  kts: 'kotlin',
  golang: 'go',
  rs: 'rust',
  h: 'c',
  'c++': 'cpp',
  cxx: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  'c-sharp': 'csharp',
  c_sharp: 'csharp',
  rb: 'ruby',
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  zsh: 'bash',
  ps1: 'powershell',
  pwsh: 'powershell',
  md: 'markdown',
}

/** The {@link LanguageInfo} for a language id or a common alias (`ts`, `c++`, `C#`, `sh`), if known. */
export function languageInfo(language: string): LanguageInfo | undefined {
  const key = language.trim().toLowerCase()
  return byId.get(key) ?? byId.get(ALIASES[key] ?? '')
}

/**
 * The language of a path, from its extension or, for files such as `Gemfile`, its whole name.
 *
 * @example
 * languageForPath('src/app.tsx') // 'tsx'
 * languageForPath('README.md')   // 'markdown'
 * languageForPath('data.bin')    // undefined
 */
export function languageForPath(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase()
  const named = byFilename.get(name)
  if (named) return named.id
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return undefined
  return byExtension.get(name.slice(dot))?.id
}

const SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?([A-Za-z][\w.+-]*)/

/**
 * The language named by a `#!` first line (`#!/usr/bin/env python3`, `#!/bin/bash`), if known.
 */
export function languageForShebang(firstLine: string): string | undefined {
  const match = SHEBANG.exec(firstLine)
  if (!match) return undefined
  const program = (match[1] as string).replace(/[\d.]+$/, '')
  if (program === 'sh' || program === 'bash' || program === 'zsh' || program === 'ksh' || program === 'dash') return 'bash'
  if (program === 'node' || program === 'nodejs' || program === 'deno' || program === 'bun') return 'javascript'
  if (program === 'tsx' || program === 'ts-node') return 'typescript'
  const info = languageInfo(program)
  return info?.format === 'code' ? info.id : undefined
}
