import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOf, listFiles } from './support/index-files.js'

/** `path kind written -> resolution target [symbol]`: one line per edge, as listed by hand below. */
function line(edge: EdgeRecord): string {
  const written = edge.kind === 'imports' ? edge.target : `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target}`
  const target = [edge.targetPath, edge.targetSymbolId.slice(edge.targetSymbolId.indexOf('#'))].filter((s) => s && s !== '#').join(' ')
  return `${edge.path} ${edge.kind} ${written} -> ${edge.resolution}${target ? ` ${target}` : ''}`
}

async function edgesOf(project: string): Promise<string[]> {
  const root = new URL(`./fixtures/${project}/`, import.meta.url).pathname
  const files = listFiles(root, () => true)
  const graph = new LayerGraph(await layersOf(root, files))
  return files.flatMap((file) => graph.edgesOf(file).map(line))
}

/**
 * Small projects written from real code patterns, with every import edge (and the calls and
 * heritage that matter) resolved by hand. Imports: the whole list must match; calls: each listed
 * one must be there.
 */
describe('resolution goldens', () => {
  it('resolves a Go module: aliases, dot and blank imports, a package named unlike its directory, same-package calls', async () => {
    const edges = await edgesOf('go-shop')
    expect(edges.filter((e) => e.includes(' imports '))).toEqual([
      'cmd/shop/main.go imports fmt -> external',
      'cmd/shop/main.go imports os -> external',
      'cmd/shop/main.go imports github.com/acme/shop/internal/http -> resolved internal/http/',
      'cmd/shop/main.go imports github.com/acme/shop/internal/missing -> unresolved',
      'cmd/shop/main.go imports github.com/acme/shop/internal/store -> resolved internal/store/',
      'cmd/shop/main.go imports github.com/acme/shop/internal/util -> resolved internal/util/',
      'cmd/shop/main.go imports github.com/lib/pq -> external',
      'cmd/tool/main.go imports github.com/acme/shop/internal/http -> resolved internal/http/',
      'internal/http/server.go imports net/http -> external',
      'internal/http/server.go imports github.com/acme/shop/internal/store -> resolved internal/store/',
      'internal/store/order.go imports bytes -> external',
      'internal/store/order.go imports net/http/httptest -> external',
    ])
    expect(edges).toEqual(
      expect.arrayContaining([
        'cmd/shop/main.go calls store.New -> resolved internal/store/store.go #New',
        'cmd/shop/main.go calls api.Serve -> resolved internal/http/server.go #Serve',
        'cmd/shop/main.go calls Must -> resolved internal/util/must.go #Must',
        'cmd/shop/main.go calls fmt.Println -> external',
        'cmd/shop/main.go calls run -> resolved cmd/shop/main.go #run',
        'cmd/tool/main.go calls httpapi.Serve -> resolved internal/http/server.go #Serve',
        'internal/store/store.go calls newOrder -> resolved internal/store/order.go #newOrder',
        // A parameter typed `s *store.Store` (the import's type), also inside the closure that uses it.
        'internal/http/server.go calls s.Get -> resolved internal/store/store.go #Store.Get',
        'internal/http/server.go calls http.HandleFunc -> external',
        // A method's receiver: `s.load` in `func (s *Store) Get`, and `st.Get` from another file of the package.
        'internal/store/store.go calls s.load -> resolved internal/store/store.go #Store.load',
        'internal/store/order.go calls st.Get -> resolved internal/store/store.go #Store.Get',
        // An embedded struct's method (`Archive` embeds `Store`), and what a package's function returns.
        'internal/store/order.go extends Store -> resolved internal/store/store.go #Store',
        'internal/store/order.go calls a.Get -> resolved internal/store/store.go #Store.Get',
        'internal/store/order.go calls w.Flush -> external',
      ]),
    )
  })

  it('resolves a Kotlin project: package + class to file, files named unlike their classes, top-level functions, aliases, wildcards, Java classes', async () => {
    const edges = await edgesOf('kotlin-shop')
    const base = 'src/main/kotlin/com/acme/shop'
    expect(edges.filter((e) => e.includes(' imports '))).toEqual([
      `${base}/App.kt imports com.acme.shop.legacy.LegacyClient -> resolved src/main/java/com/acme/shop/legacy/LegacyClient.java #LegacyClient`,
      `${base}/App.kt imports com.acme.shop.missing.Gone -> unresolved`,
      `${base}/App.kt imports com.acme.shop.model -> resolved ${base}/model/`,
      `${base}/App.kt imports com.acme.shop.model.Order.Status -> resolved ${base}/model/Models.kt #Order.Status`,
      `${base}/App.kt imports com.acme.shop.service.OrderService -> resolved ${base}/service/OrderService.kt #OrderService`,
      `${base}/App.kt imports com.acme.shop.util.Money -> resolved ${base}/util/Formatting.kt #Money`,
      `${base}/App.kt imports com.acme.shop.util.formatPrice -> resolved ${base}/util/Formatting.kt #formatPrice`,
      `${base}/App.kt imports java.time.Instant -> external`,
      `${base}/App.kt imports org.springframework.boot.runApplication -> external`,
      `${base}/service/OrderService.kt imports com.acme.shop.model.Order -> resolved ${base}/model/Models.kt #Order`,
      `${base}/service/Service.kt imports com.acme.shop.model.Order -> resolved ${base}/model/Models.kt #Order`,
    ])
    expect(edges).toEqual(
      expect.arrayContaining([
        `${base}/App.kt calls Order -> resolved ${base}/model/Models.kt #Order`,
        `${base}/App.kt calls formatPrice -> resolved ${base}/util/Formatting.kt #formatPrice`,
        // \`import com.acme.shop.util.Money as Cash\`: the alias calls the class.
        `${base}/App.kt calls Cash -> resolved ${base}/util/Formatting.kt #Money`,
        `${base}/App.kt calls LegacyClient -> resolved src/main/java/com/acme/shop/legacy/LegacyClient.java #LegacyClient`,
        `${base}/App.kt calls println -> external`,
        `${base}/App.kt calls runApplication -> external`,
        `${base}/service/OrderService.kt extends BaseService -> resolved ${base}/service/BaseService.kt #BaseService`,
        `${base}/service/OrderService.kt implements Service -> resolved ${base}/service/Service.kt #Service`,
        `${base}/service/OrderService.kt calls validate -> resolved ${base}/service/OrderService.kt #OrderService.validate`,
        `${base}/service/OrderService.kt calls audit -> resolved ${base}/service/BaseService.kt #BaseService.audit`,
        `${base}/service/OrderService.kt calls check -> external`,
      ]),
    )
  })

  it('resolves a Java project: class, wildcard, static and nested-class imports, same-package heritage', async () => {
    const edges = await edgesOf('java-shop')
    const base = 'src/main/java/com/acme/shop'
    expect(edges.filter((e) => e.includes(' imports '))).toEqual([
      `${base}/App.java imports com.acme.shop.missing.Gone -> unresolved`,
      `${base}/App.java imports com.acme.shop.model -> resolved ${base}/model/`,
      `${base}/App.java imports com.acme.shop.service.OrderService -> resolved ${base}/service/OrderService.java #OrderService`,
      `${base}/App.java imports java.util.List -> external`,
      `${base}/App.java imports org.springframework.boot.SpringApplication -> external`,
      `${base}/App.java imports com.acme.shop.util.Strings -> resolved ${base}/util/Strings.java #Strings.isBlank`,
      `${base}/service/BaseService.java imports com.acme.shop.util.Auditing -> resolved ${base}/util/Auditing.java #Auditing`,
      `${base}/service/OrderService.java imports com.acme.shop.model.Order -> resolved ${base}/model/Order.java #Order`,
      `${base}/service/OrderService.java imports com.acme.shop.model.Order.Status -> resolved ${base}/model/Order.java #Order.Status`,
      `${base}/service/Service.java imports com.acme.shop.model.Order -> resolved ${base}/model/Order.java #Order`,
    ])
    expect(edges).toEqual(
      expect.arrayContaining([
        `${base}/App.java calls OrderService -> resolved ${base}/service/OrderService.java #OrderService`,
        `${base}/App.java calls isBlank -> resolved ${base}/util/Strings.java #Strings.isBlank`,
        `${base}/App.java calls Order -> resolved ${base}/model/Order.java #Order`,
        // A local's declared type: `OrderService service = new OrderService()`; `List<String> none`; a parameter `String value`.
        `${base}/App.java calls service.place -> resolved ${base}/service/OrderService.java #OrderService.place`,
        `${base}/App.java calls SpringApplication.run -> external`,
        `${base}/util/Strings.java calls value.trim -> external`,
        `${base}/service/OrderService.java extends BaseService -> resolved ${base}/service/BaseService.java #BaseService`,
        `${base}/service/OrderService.java implements Service -> resolved ${base}/service/Service.java #Service`,
        // What a class inherits, through resolved supertypes in any file and package: a bare call,
        // `this.` two levels up, `super.`, and an interface's default method.
        `${base}/service/OrderService.java calls validate -> resolved ${base}/service/BaseService.java #BaseService.validate`,
        `${base}/service/OrderService.java calls this.audit -> resolved ${base}/util/Auditing.java #Auditing.audit`,
        `${base}/service/OrderService.java calls super.validate -> resolved ${base}/service/BaseService.java #BaseService.validate`,
        `${base}/service/OrderService.java calls describe -> resolved ${base}/service/Service.java #Service.describe`,
        // A bare call to a method of the enclosing class, or of the class around a nested one.
        `${base}/util/Strings.java calls isBlank -> resolved ${base}/util/Strings.java #Strings.isBlank`,
        // A class of the same package, without an import.
        `${base}/util/Texts.java calls Strings.isBlank -> resolved ${base}/util/Strings.java #Strings.isBlank`,
      ]),
    )
  })

  it('resolves a Rust crate: mod files, crate/self/super paths, groups, aliases, globs, re-exports, the crate by name from tests, test, bench and bin crates, inline modules', async () => {
    const edges = await edgesOf('rust-shop')
    expect(edges.filter((e) => e.includes(' imports '))).toEqual([
      // Inline modules: `super` leaves `mod build { ... }` for the file itself.
      'benches/speed.rs imports super::app -> resolved benches/speed.rs #app',
      // A `[[bin]]` whose root is outside src/: its folder holds its modules.
      'cli/commands.rs imports crate::helpers::fmt -> resolved cli/helpers.rs #fmt',
      'cli/commands.rs imports super::helpers::width -> resolved cli/helpers.rs #width',
      'cli/main.rs imports mod commands -> resolved cli/commands.rs',
      'cli/main.rs imports mod helpers -> resolved cli/helpers.rs',
      'cli/main.rs imports crate::commands::run -> resolved cli/commands.rs #run',
      'cli/main.rs imports shop_core::store::Store -> resolved src/store/mod.rs #Store',
      'src/api.rs imports std::collections::HashMap -> external',
      'src/api.rs imports serde::Serialize -> external',
      'src/api.rs imports crate::store -> resolved src/store/mod.rs',
      'src/api.rs imports crate::store::MemoryStore -> resolved src/store/mod.rs',
      'src/api.rs imports crate::store::Store -> resolved src/store/mod.rs #Store',
      'src/lib.rs imports mod api -> resolved src/api.rs',
      'src/lib.rs imports mod store -> resolved src/store/mod.rs',
      'src/lib.rs imports mod util -> resolved src/util.rs',
      'src/lib.rs imports crate::store::Store -> resolved src/store/mod.rs #Store',
      'src/lib.rs imports self::api::router -> resolved src/api.rs #router',
      'src/lib.rs imports self::api::Handler -> resolved src/api.rs #Handler',
      'src/store/memory.rs imports super::Store -> resolved src/store/mod.rs #Store',
      'src/store/memory.rs imports crate::util -> resolved src/util.rs',
      'src/store/mod.rs imports mod memory -> resolved src/store/memory.rs',
      'src/store/mod.rs imports memory::MemoryStore -> resolved src/store/memory.rs #MemoryStore',
      // `#[path = "..."] mod imp;`: the file the attribute names; a target's file that is not in the index stays unresolved.
      'src/sys/mod.rs imports mod imp path=posix.rs -> resolved src/sys/posix.rs',
      'src/sys/mod.rs imports mod imp path=windows.rs -> unresolved',
      // A path through such a module stops at the declaring file, as through an inline module.
      'src/sys/mod.rs imports self::imp::page_size -> resolved src/sys/mod.rs',
      'src/util.rs imports super::helper -> resolved src/util.rs #helper',
      // A path into an inline module the file declares (Rust 2018's paths start in the current module): that file.
      'src/util.rs imports inner::Name -> resolved src/util.rs',
      // Test crates: each file of tests/ is a root, and tests/cli/main.rs roots the files beside it.
      'tests/cli/main.rs imports mod parse -> resolved tests/cli/parse.rs',
      'tests/cli/main.rs imports mod utils -> resolved tests/cli/utils.rs',
      'tests/cli/parse.rs imports super::utils::check -> resolved tests/cli/utils.rs #check',
      'tests/integration.rs imports mod common -> resolved tests/common/mod.rs',
      'tests/integration.rs imports shop_core::store::Store -> resolved src/store/mod.rs #Store',
      'tests/integration.rs imports common::setup -> resolved tests/common/mod.rs #setup',
    ])
    expect(edges).toEqual(
      expect.arrayContaining([
        // `Mem` is `MemoryStore`, re-exported by store/mod.rs from store/memory.rs.
        'src/api.rs calls Mem.open -> resolved src/store/memory.rs #MemoryStore.open',
        'src/api.rs calls store::Store.new -> resolved src/store/mod.rs #Store.new',
        'src/api.rs calls Store.new -> resolved src/store/mod.rs #Store.new',
        'src/store/memory.rs calls helper -> resolved src/util.rs #helper',
        // A parameter's type (`name: &Name`, of an inline module's type: its file), where the name alone
        // was a guess by name; a local is typed only by a constructor's own value (`new_from` is no `new`).
        'src/util.rs calls name.as_str -> resolved src/util.rs',
        'src/util.rs calls copy.as_str -> by-name src/util.rs #inner.Name.as_str',
        'tests/integration.rs calls Store.new -> resolved src/store/mod.rs #Store.new',
      ]),
    )
  })
})
