import type { ImportResolver } from './resolution.js'
import { resolveCImport } from './resolvers/c-cpp.js'
import { resolveDartImport } from './resolvers/dart.js'
import { resolveGoImport } from './resolvers/go.js'
import { resolveJavaImport } from './resolvers/java.js'
import { resolvePythonImport } from './resolvers/python.js'
import { resolveCsharpImport, resolvePhpImport, resolveRubyImport } from './resolvers/ruby-php-csharp.js'
import { resolveRustImport } from './resolvers/rust.js'
import { resolveSwiftImport } from './resolvers/swift.js'
import { resolveTypescriptImport } from './resolvers/typescript.js'

/** The import resolver of each language id. */
const RESOLVERS: Readonly<Record<string, ImportResolver>> = {
  typescript: resolveTypescriptImport,
  tsx: resolveTypescriptImport,
  javascript: resolveTypescriptImport,
  python: resolvePythonImport,
  go: resolveGoImport,
  java: resolveJavaImport,
  kotlin: resolveJavaImport,
  rust: resolveRustImport,
  c: resolveCImport,
  cpp: resolveCImport,
  ruby: resolveRubyImport,
  php: resolvePhpImport,
  csharp: resolveCsharpImport,
  swift: resolveSwiftImport,
  dart: resolveDartImport,
}

/** The import resolver of a language, if there is one. */
export function importResolverFor(language: string): ImportResolver | undefined {
  return RESOLVERS[language]
}

/** Which languages' imports a manifest kind steers (a changed manifest re-resolves their files). */
export const MANIFEST_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  'package-json': ['typescript', 'tsx', 'javascript'],
  tsconfig: ['typescript', 'tsx', 'javascript'],
  'bundler-aliases': ['typescript', 'tsx', 'javascript'],
  'go-mod': ['go'],
  cargo: ['rust'],
  composer: ['php'],
  pubspec: ['dart'],
  swiftpm: ['swift'],
}
