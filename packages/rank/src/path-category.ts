import { memoizeString } from './string-memo.js'

/**
 * What kind of file a path is, by the conventions of real repositories: the categories the path
 * priors demote (or, for a query that asks for them, boost).
 */
export type PathCategory = 'test' | 'fixture' | 'docs' | 'history' | 'example' | 'benchmark' | 'generated' | 'vendored' | 'config' | 'non-code'

/** Every {@link PathCategory}. */
export const PATH_CATEGORIES: readonly PathCategory[] = Object.freeze(['test', 'fixture', 'docs', 'history', 'example', 'benchmark', 'generated', 'vendored', 'config', 'non-code'])

/**
 * Extensions of programming languages and of an app's view templates (`.erb`, `.jbuilder`,
 * `.cshtml`, `.twig`, ...): a file with none of them is `non-code` (prose, data, markup, images, licences).
 */
const CODE_EXTENSION =
  /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts|py|pyi|pyx|go|java|kt|kts|scala|groovy|rs|c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|inl|m|mm|rb|php|cs|fs|vb|swift|vue|svelte|astro|dart|lua|sh|bash|zsh|fish|ps1|sql|ex|exs|erl|hrl|clj|cljs|hs|ml|mli|r|jl|pl|pm|elm|zig|nim|cr|sol|proto|graphql|gql|wat|jbuilder|erb|haml|cshtml|razor|twig|ejs|hbs|handlebars|jinja|jinja2|j2|liquid|mustache|njk)$/i

// Folder names, compared lower-cased with every folder of the path.
const FOLDERS: ReadonlyMap<string, PathCategory> = new Map<string, PathCategory>([
  ...(['test', 'tests', '__tests__', 'spec', 'specs', '__specs__', 'e2e', 'integration-tests'] as const).map((n) => [n, 'test'] as const),
  ...(['fixtures', 'fixture', '__fixtures__', 'testdata', 'test-data', 'test_data', 'mocks', '__mocks__', '__snapshots__', 'snapshots', 'stubs'] as const).map((n) => [n, 'fixture'] as const),
  ...(['doc', 'docs', 'documentation', 'website', 'site', 'man', 'docsify', 'guide', 'guides'] as const).map((n) => [n, 'docs'] as const),
  ...(['changes', 'changelog', 'changelogs', 'release-notes', 'release_notes', 'releasenotes'] as const).map((n) => [n, 'history'] as const),
  ...(['example', 'examples', 'demo', 'demos', 'sample', 'samples', 'playground', 'tutorial', 'tutorials', 'cookbook'] as const).map((n) => [n, 'example'] as const),
  ...(['bench', 'benches', 'benchmark', 'benchmarks', 'perf'] as const).map((n) => [n, 'benchmark'] as const),
  ...(['generated', '__generated__', 'gen', 'autogen'] as const).map((n) => [n, 'generated'] as const),
  ...(['vendor', 'vendored', 'third_party', 'third-party', 'thirdparty', 'node_modules'] as const).map((n) => [n, 'vendored'] as const),
  ...(['.github', '.gitlab', '.circleci', '.husky', '.vscode', '.idea', '.devcontainer', '.changeset', 'ci'] as const).map((n) => [n, 'config'] as const),
])

// File-name patterns, tried in order on the last path segment (case kept: `*Test.java`).
const FILE_PATTERNS: readonly (readonly [RegExp, PathCategory])[] = [
  [/_benchmark_test\.go$|\.bench\.[^.]+$/, 'benchmark'],
  [/\.(test|spec|tests|specs|e2e|test-d)\.[^.]+$/i, 'test'],
  [/_test\.(go|py|rb|exs?|dart|cc|cpp|c|rs)$/, 'test'],
  [/^test_.*\.py$/, 'test'],
  [/^conftest\.py$/, 'test'],
  [/(Tests?|IT|Spec|TestCase)\.(java|kt|kts|scala|groovy|cs|swift|php)$/, 'test'],
  [/_spec\.rb$/, 'test'],
  [/\.(pb|pb\.gw|gen|generated|g)\.[^.]+$/i, 'generated'],
  [/_pb2(_grpc)?\.pyi?$/, 'generated'],
  [/\.min\.(js|css)$/i, 'generated'],
  // Entity Framework's designer files and model snapshots, written by its migrations tool.
  [/\.Designer\.cs$|ModelSnapshot\.cs$/, 'generated'],
  [/^(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|cargo\.lock|go\.sum|poetry\.lock|gemfile\.lock|composer\.lock)$/i, 'generated'],
  // The project's history: every feature's name is in it, and no question about the code is answered by it.
  [/^(changelog|changes|history|news|release[-_]?notes|releases|whats[-_]?new)([-_.][\w.-]*)?$/i, 'history'],
  [/^(readme|contributing|code_of_conduct|security|authors|contributors|maintainers|notice|licen[cs]e|copying|unlicense)([-_.][\w.-]*)?$/i, 'docs'],
  [/^\./, 'config'],
  [/^(makefile|dockerfile|justfile|rakefile|gemfile|procfile|vagrantfile|jenkinsfile|setup\.py|noxfile\.py|conf\.py|build\.rs|build\.gradle(\.kts)?)$/i, 'config'],
  [/\.config\.(js|cjs|mjs|ts|cts|mts)$/i, 'config'],
  [/rc\.(js|cjs|mjs|json|ya?ml)$/i, 'config'],
  [/\.(json|jsonc|json5|ya?ml|toml|ini|cfg|conf|properties|editorconfig|env|plist|gradle|mod|sum|csproj|sln|lock|in)$/i, 'config'],
]

/**
 * Folders of others' code at the root of the repository (C and C++'s `external/glfw/`, Redis's
 * `deps/jemalloc/`); below it they are the project's own (a Fastify app's
 * `src/plugins/external/session.ts` registers an external package).
 */
const ROOT_VENDORED: ReadonlySet<string> = new Set(['external', 'externals', 'deps'])

/** A configuration folder at the root of the repository: `config/initializers/devise.rb`, `config/jwt.php`. */
const ROOT_CONFIG: ReadonlySet<string> = new Set(['config', 'conf'])

/** Rails' route files (`config/routes.rb`, the files it draws from `config/routes/`): code that declares the app's entrypoints. */
const RAILS_ROUTES = /^config\/routes(\.rb|\/[^/]+\.rb)$/

/**
 * Files a tool writes from the code: Rails' schema dumps (`db/schema.rb`, `db/structure.sql`), and
 * the migrations Django's `makemigrations` (`blog/migrations/0003_auto_20240101.py`) and Entity
 * Framework's `migrations add` (`Migrations/20240101120000_Initial.cs`) write from the models.
 */
const SCHEMA_DUMP = /(^|\/)db\/(schema\.rb|structure\.sql)$|(^|\/)migrations\/\d{4}_\w+\.py$|(^|\/)Migrations\/\d{14}_\w+\.cs$/

/**
 * A source root of a Maven or Gradle tree (`src/main/java/`, `src/test/kotlin/`, Kotlin
 * Multiplatform's `src/commonMain/kotlin/`): the folders below it are a package's name
 * (`org/springframework/samples/petclinic`, a generated project's `com/example`), not the
 * repository's examples, docs or tests.
 */
const JVM_SOURCE_ROOT = /^(java|kotlin|scala|groovy)$/
const JVM_SOURCE_SET = /^(main|test|[a-z][A-Za-z0-9]*(Main|Test))$/

/** The index of the first folder below a JVM source root, or the path's length when it has none. */
function packageStart(segments: readonly string[]): number {
  for (let i = 2; i < segments.length - 1; i++) {
    if (JVM_SOURCE_ROOT.test(segments[i]!) && JVM_SOURCE_SET.test(segments[i - 1]!) && segments[i - 2] === 'src') return i + 1
  }
  return segments.length
}

/**
 * The categories of a repo-relative path (`/` separators): every category a folder of the path
 * names (`test/`, `docs/`, `vendor/`, `.github/`, ...) and the first that the file name matches
 * (`*.test.ts`, `*_test.go`, `test_*.py`, `*Test.java`, `README.md`, `*.json`, ...), or else
 * `non-code` when the file has no programming-language extension (`*.md`, `*.html`, `LICENSE-MIT`).
 * Empty for ordinary source. `src/test/` of Maven-style trees is a test folder like any other; the
 * folders below a JVM source root (`src/main/java/org/springframework/samples/`) are a package's
 * name and name no category.
 *
 * @example
 * pathCategories('test/fixtures/wpt/fetch/a.any.js') // ['test', 'fixture']
 * pathCategories('src/click/testing.py')             // [] (a module named testing is source)
 * pathCategories('binding/form_mapping_test.go')     // ['test']
 * pathCategories('backend/app/core/security.py')     // [] (SECURITY.md would be docs)
 */
export function pathCategories(path: string): PathCategory[] {
  const segments = path.split('/')
  const name = segments[segments.length - 1] ?? ''
  const out = new Set<PathCategory>()
  // A package's folders (below `src/main/java/`) name no category.
  const folders = Math.min(segments.length - 1, packageStart(segments))
  // The repository's own configuration folder (Rails' and Laravel's `config/`, node-config's).
  if (folders > 0 && ROOT_CONFIG.has(segments[0]!.toLowerCase()) && !RAILS_ROUTES.test(path)) out.add('config')
  if (folders > 0 && ROOT_VENDORED.has(segments[0]!.toLowerCase())) out.add('vendored')
  for (let i = 0; i < folders; i++) {
    const category = FOLDERS.get(segments[i]!.toLowerCase())
    if (category !== undefined) out.add(category)
  }
  let matched = SCHEMA_DUMP.test(path)
  if (matched) out.add('generated')
  for (const [pattern, category] of matched ? [] : FILE_PATTERNS) {
    // A name of the docs (`SECURITY.md`, `History`, `NOTICE`) is no document with a programming
    // language's extension: `security.py`, `History.ts` and `Notice.tsx` are source.
    if ((category === 'docs' || category === 'history') && CODE_EXTENSION.test(name)) continue
    if (pattern.test(name)) {
      out.add(category)
      matched = true
      break
    }
  }
  if (!matched && !CODE_EXTENSION.test(name)) out.add('non-code')
  return [...out]
}

/** {@link pathCategories}, frozen and remembered per path: the ranking asks it of the same files on every query. */
export const categoriesOf: (path: string) => readonly PathCategory[] = memoizeString((path) => Object.freeze(pathCategories(path)))
