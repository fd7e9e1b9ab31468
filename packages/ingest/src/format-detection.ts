import { CHUNKER_VERSION, languageForPath, languageInfo } from '@rag/chunker'

/**
 * The format of a document, or `AUTO` to detect it. `code` files carry a `language`; the chunker
 * picks symbol chunks for code, sections for markdown, and windows for the rest.
 */
export type DocumentFormat = 'AUTO' | 'code' | 'markdown' | 'text' | 'json' | 'yaml' | 'toml' | 'xml' | 'csv'

/** A detected format and, where known, the language. */
export interface DetectedFormat {
  /** The format; never `AUTO`. */
  readonly format: Exclude<DocumentFormat, 'AUTO'>
  /** The language (`typescript`, `python`, `markdown`, `yaml`, ...), where known. */
  readonly language?: string
}

/** Names the detection tables (ours and the chunker's); part of every fingerprint. */
export const FORMAT_DETECTION_ID = `formats@1+chunker@${CHUNKER_VERSION}`

const CODE_EXTENSIONS: Readonly<Record<string, string>> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  py: 'python', pyi: 'python', pyw: 'python', java: 'java', go: 'go', rs: 'rust',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', 'c++': 'cpp', hh: 'cpp', hpp: 'cpp', hxx: 'cpp', ipp: 'cpp', inl: 'cpp',
  cs: 'csharp', rb: 'ruby', rake: 'ruby', gemspec: 'ruby', php: 'php', phtml: 'php',
  sh: 'bash', bash: 'bash', zsh: 'bash', ksh: 'bash', fish: 'fish', ps1: 'powershell', psm1: 'powershell', psd1: 'powershell',
  css: 'css', scss: 'scss', sass: 'sass', less: 'less', html: 'html', htm: 'html', xhtml: 'html', vue: 'vue', svelte: 'svelte', astro: 'astro',
  kt: 'kotlin', kts: 'kotlin', swift: 'swift', scala: 'scala', sc: 'scala', groovy: 'groovy', gradle: 'groovy', clj: 'clojure',
  cljs: 'clojure', cljc: 'clojure', edn: 'clojure', lua: 'lua', r: 'r', pl: 'perl', pm: 'perl', hs: 'haskell', ex: 'elixir',
  exs: 'elixir', erl: 'erlang', hrl: 'erlang', dart: 'dart', m: 'objective-c', mm: 'objective-cpp', zig: 'zig', nim: 'nim',
  ml: 'ocaml', mli: 'ocaml', fs: 'fsharp', fsx: 'fsharp', fsi: 'fsharp', vb: 'vb', jl: 'julia', sql: 'sql', proto: 'protobuf',
  graphql: 'graphql', gql: 'graphql', tf: 'hcl', hcl: 'hcl', nix: 'nix', bzl: 'starlark', star: 'starlark', cmake: 'cmake',
  mk: 'make', sol: 'solidity', v: 'verilog', sv: 'verilog', vhd: 'vhdl', asm: 'assembly', s: 'assembly', elm: 'elm',
  purs: 'purescript', re: 'reason', cr: 'crystal', d: 'd', pas: 'pascal', f90: 'fortran', f: 'fortran', cob: 'cobol',
  tcl: 'tcl', awk: 'awk', vim: 'vim', el: 'elisp', lisp: 'lisp', scm: 'scheme', rkt: 'racket', pyx: 'cython', pxd: 'cython',
  ipynb: 'json',
}

const OTHER_EXTENSIONS: Readonly<Record<string, DetectedFormat>> = {
  md: { format: 'markdown', language: 'markdown' }, markdown: { format: 'markdown', language: 'markdown' },
  mdx: { format: 'markdown', language: 'markdown' }, mdown: { format: 'markdown', language: 'markdown' },
  json: { format: 'json', language: 'json' }, jsonc: { format: 'json', language: 'json' }, json5: { format: 'json', language: 'json' },
  yaml: { format: 'yaml', language: 'yaml' }, yml: { format: 'yaml', language: 'yaml' },
  toml: { format: 'toml', language: 'toml' },
  xml: { format: 'xml', language: 'xml' }, xsd: { format: 'xml', language: 'xml' }, xsl: { format: 'xml', language: 'xml' },
  svg: { format: 'xml', language: 'xml' }, plist: { format: 'xml', language: 'xml' }, csproj: { format: 'xml', language: 'xml' },
  csv: { format: 'csv' }, tsv: { format: 'csv' },
  ini: { format: 'text', language: 'ini' }, cfg: { format: 'text', language: 'ini' }, conf: { format: 'text', language: 'ini' },
  properties: { format: 'text', language: 'ini' }, editorconfig: { format: 'text', language: 'ini' },
  txt: { format: 'text' }, rst: { format: 'text', language: 'rst' }, adoc: { format: 'text', language: 'asciidoc' },
  asciidoc: { format: 'text', language: 'asciidoc' }, tex: { format: 'text', language: 'latex' }, log: { format: 'text' },
}

/** Extensions that are binary formats: skipped without reading. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp tif tiff psd heic avif mp3 mp4 m4a m4v wav ogg oga flac aac avi mov mkv webm wmv ' +
    'zip gz tgz bz2 xz 7z rar zst lz4 lzma tar jar war ear apk aab ipa deb rpm msi exe dll so dylib o a lib obj bin class ' +
    'pyc pyo pyd wasm node pdf doc docx xls xlsx ppt pptx odt ods odp ttf otf woff woff2 eot sqlite sqlite3 db npy npz pkl ' +
    'pickle parquet avro orc h5 hdf5 onnx pt pth safetensors ckpt tflite iso dmg img'
  ).split(' '),
)

const FILE_NAMES: Readonly<Record<string, DetectedFormat>> = {
  dockerfile: { format: 'code', language: 'dockerfile' }, containerfile: { format: 'code', language: 'dockerfile' },
  makefile: { format: 'code', language: 'make' }, gnumakefile: { format: 'code', language: 'make' },
  'cmakelists.txt': { format: 'code', language: 'cmake' }, rakefile: { format: 'code', language: 'ruby' },
  gemfile: { format: 'code', language: 'ruby' }, podfile: { format: 'code', language: 'ruby' },
  vagrantfile: { format: 'code', language: 'ruby' }, jenkinsfile: { format: 'code', language: 'groovy' },
  build: { format: 'code', language: 'starlark' }, 'build.bazel': { format: 'code', language: 'starlark' },
  workspace: { format: 'code', language: 'starlark' }, justfile: { format: 'code', language: 'make' },
  '.bashrc': { format: 'code', language: 'bash' }, '.zshrc': { format: 'code', language: 'bash' },
  '.profile': { format: 'code', language: 'bash' }, '.bash_profile': { format: 'code', language: 'bash' },
}

const INTERPRETERS: Readonly<Record<string, string>> = {
  python: 'python', pypy: 'python', node: 'javascript', nodejs: 'javascript', deno: 'typescript', bun: 'javascript',
  'ts-node': 'typescript', tsx: 'typescript', bash: 'bash', sh: 'bash', zsh: 'bash', dash: 'bash', ksh: 'bash', ash: 'bash',
  fish: 'fish', ruby: 'ruby', perl: 'perl', php: 'php', lua: 'lua', rscript: 'r', pwsh: 'powershell', tclsh: 'tcl',
  awk: 'awk', gawk: 'awk', groovy: 'groovy', kotlin: 'kotlin', scala: 'scala', elixir: 'elixir', escript: 'erlang',
  julia: 'julia', swift: 'swift', osascript: 'applescript', make: 'make',
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? (name.startsWith('.') ? name.slice(1).toLowerCase() : undefined) : name.slice(dot + 1).toLowerCase()
}

/** The binary-format extension of `path`, or `undefined` (`photo.PNG` gives `png`). */
export function binaryExtension(path: string): string | undefined {
  const ext = extensionOf(baseName(path))
  return ext !== undefined && BINARY_EXTENSIONS.has(ext) ? ext : undefined
}

/** Format and language from the file name alone, or `undefined` when the name says nothing. */
export function formatFromName(path: string): DetectedFormat | undefined {
  const name = baseName(path).toLowerCase()
  const byName = FILE_NAMES[name]
  if (byName) return byName
  if (name.endsWith('.d.ts')) return { format: 'code', language: 'typescript' }
  const ext = extensionOf(name)
  if (ext === undefined) return undefined
  const code = Object.hasOwn(CODE_EXTENSIONS, ext) ? CODE_EXTENSIONS[ext] : undefined
  if (code === 'json') return { format: 'json', language: 'json' }
  if (code) return { format: 'code', language: code }
  return Object.hasOwn(OTHER_EXTENSIONS, ext) ? OTHER_EXTENSIONS[ext] : undefined
}

/** The language named by a `#!` line (`#!/usr/bin/env -S python3 -u` gives `python`), or `undefined`. */
export function languageFromShebang(text: string): string | undefined {
  if (!text.startsWith('#!')) return undefined
  const end = text.indexOf('\n')
  const words = text.slice(2, end < 0 ? Math.min(text.length, 256) : Math.min(end, 256)).trim().split(/\s+/)
  let i = 0
  let command = baseName(words[0] ?? '')
  if (command === 'env') {
    i = 1
    while (i < words.length && (words[i]!.startsWith('-') || words[i]!.includes('='))) i++
    command = baseName(words[i] ?? '')
  }
  const bare = command.toLowerCase().replace(/[\d.]+$/, '')
  return Object.hasOwn(INTERPRETERS, bare) ? INTERPRETERS[bare] : undefined
}

/**
 * Detects format and language (`AUTO`) from, in order: the chunker's language table (so language
 * names match its grammars), our table of well-known file names (`Dockerfile`) and extensions,
 * the `#!` line, and otherwise plain text. A forced `format` keeps the detected language.
 *
 * @example
 * detectFormat('bin/tool', '#!/usr/bin/env node\n...') // { format: 'code', language: 'javascript' }
 */
export function detectFormat(path: string, text: string, format: DocumentFormat = 'AUTO'): DetectedFormat {
  let detected: DetectedFormat | undefined
  const known = languageForPath(path)
  if (known !== undefined) detected = { format: languageInfo(known)?.format === 'markdown' ? 'markdown' : 'code', language: known }
  detected ??= formatFromName(path)
  if (detected === undefined || detected.format === 'text') {
    const shebang = languageFromShebang(text)
    if (shebang) detected = { format: 'code', language: shebang }
  }
  detected ??= { format: 'text' }
  if (format !== 'AUTO' && format !== detected.format) {
    return detected.language === undefined ? { format } : { format, language: detected.language }
  }
  return detected
}
