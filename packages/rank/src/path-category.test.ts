import { describe, expect, it } from 'vitest'
import { pathCategories, type PathCategory } from './path-category.js'

const TABLE: readonly (readonly [string, readonly PathCategory[]])[] = [
  ['src/index.ts', []],
  ['lib/dispatcher/client-h1.js', []],
  ['types/mock-agent.d.ts', []],
  ['src/click/testing.py', []],
  ['binding/form_mapping.go', []],
  ['src/main/java/org/apache/commons/lang3/StringUtils.java', []],
  ['clap_builder/src/builder/command.rs', []],
  ['test/fetch/client.js', ['test']],
  ['test/fixtures/wpt/fetch/api/basic/request-upload.any.js', ['test', 'fixture']],
  ['src/foo.test.ts', ['test']],
  ['src/foo.spec.tsx', ['test']],
  ['test/types/mock-agent.test-d.ts', ['test']],
  ['binding/form_mapping_test.go', ['test']],
  ['tests/test_core.py', ['test']],
  ['conftest.py', ['test']],
  ['src/test/java/org/apache/commons/lang3/StringUtilsTest.java', ['test']],
  ['clap_builder/tests/builder/help.rs', ['test']],
  ['__tests__/util.js', ['test']],
  ['testdata/protoexample/test.pb.go', ['fixture', 'generated']],
  ['docs/docs/api/Agent.md', ['docs', 'non-code']],
  ['README.md', ['docs']],
  // The project's history: demoted even for a usage question, which keeps docs level with source.
  ['CHANGELOG.md', ['history']],
  ['RELEASE-NOTES.txt', ['history']],
  ['NEWS', ['history']],
  ['changelog/unreleased/fix-pool.md', ['history', 'non-code']],
  ['LICENSE-APACHE', ['docs']],
  ['license', ['docs']],
  ['SECURITY.md', ['docs']],
  ['HISTORY.rst', ['history']],
  // A docs name with a programming language's extension is source (outline's History.ts editor
  // extension, fastapi-template's security.py with its JWT functions).
  ['backend/app/core/security.py', []],
  ['shared/editor/extensions/History.ts', []],
  ['shared/editor/nodes/Notice.tsx', []],
  ['Library/Homebrew/os/mac/ffi/security.rb', []],
  ['examples/basic.rs', ['example']],
  ['benchmarks/benchmark-http2.js', ['benchmark']],
  ['binding/form_mapping_benchmark_test.go', ['benchmark']],
  ['api/v1/service.pb.go', ['generated']],
  ['dist/bundle.min.js', ['generated']],
  ['vendor/github.com/pkg/errors/errors.go', ['vendored']],
  ['deps/llhttp/src/llhttp.c', ['vendored']],
  ['external/glfw/src/window.c', ['vendored']],
  ['third_party/abseil/base/log.cc', ['vendored']],
  // Below the root, `external` and `deps` are the project's own (fastify/demo's plugins of external packages).
  ['src/plugins/external/session.ts', []],
  ['src/deps/container.ts', []],
  ['.github/workflows/ci.yml', ['config']],
  ['.eslintrc.js', ['config']],
  ['package.json', ['config']],
  ['Cargo.toml', ['config']],
  ['vite.config.ts', ['config']],
  ['requirements/dev.in', ['config']],
  ['media/logo.ai', ['non-code']],
  ['src/site/resources/release-notes/RELEASE-NOTES-3.8.txt', ['docs', 'history']],
  // A JVM package's folders are its name, not the repository's examples (spring-petclinic, a Ktor or Spring Initializr project).
  ['src/main/java/org/springframework/samples/petclinic/owner/PetController.java', []],
  ['src/main/kotlin/com/example/plugins/Routing.kt', []],
  ['chat/src/backendMain/kotlin/io/ktor/samples/chat/ChatApplication.kt', []],
  ['src/test/java/org/springframework/samples/petclinic/owner/PetControllerTests.java', ['test']],
  ['samples/kweet/src/main/kotlin/io/ktor/samples/kweet/Kweet.kt', ['example']],
  ['examples/src/main/java/Demo.java', ['example']],
  // An app's view templates are its code; generated migrations' artefacts are generated.
  ['app/views/articles/index.json.jbuilder', []],
  ['app/views/layouts/application.html.erb', []],
  ['src/Web/Pages/Index.cshtml', []],
  ['src/Infrastructure/Data/Migrations/20201202111507_InitialModel.Designer.cs', ['generated']],
  ['src/Infrastructure/Data/Migrations/CatalogContextModelSnapshot.cs', ['generated']],
  ['db/schema.rb', ['generated']],
  // Django's and Entity Framework's migrations are written from the models (bakerydemo, eShopOnWeb red team); Rails' by hand.
  ['src/Infrastructure/Data/Migrations/20201202111507_InitialModel.cs', ['generated']],
  ['bakerydemo/blog/migrations/0003_auto_20240101_1200.py', ['generated']],
  ['bakerydemo/blog/migrations/__init__.py', []],
  ['src/migrations/runner.py', []],
  ['db/migrate/20160101_create_articles.rb', []],
  ['app/models/schema.rb', []],
  // The repository's configuration folder (but Rails' route files); a source tree's own `config` module is source.
  ['config/initializers/devise.rb', ['config']],
  ['config/jwt.php', ['config']],
  ['config/routes.rb', []],
  ['config/routes/admin.rb', []],
  ['src/config/index.ts', []],
]

describe('pathCategories', () => {
  it.each(TABLE)('classifies %s', (path, expected) => {
    expect(pathCategories(path).sort()).toEqual([...expected].sort())
  })
})
