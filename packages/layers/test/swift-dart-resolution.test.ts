import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** A file's edges of one kind as `receiver.target -> resolution path#symbol`. */
function edgesOf(graph: LayerGraph, path: string, kind: EdgeRecord['kind']): string[] {
  return graph
    .edgesOf(path)
    .filter((edge) => edge.kind === kind)
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution}${edge.targetSymbolId ? ` ${edge.targetSymbolId}` : edge.targetPath ? ` ${edge.targetPath}` : ''}`)
}

/** A Dart workspace of two packages, written like dart-lang/shelf's: `package:` imports, a library re-exporting its `src/`, a part. */
const DART = {
  'pkgs/shelf/pubspec.yaml': 'name: shelf\nversion: 1.4.2\n\ndependencies:\n  async: ^2.5.0\n',
  'pkgs/shelf/lib/shelf.dart': "export 'src/response.dart';\nexport 'src/pipeline.dart' show Pipeline;\n",
  'pkgs/shelf/lib/src/response.dart': "import 'dart:convert';\n\nclass Response {\n  Response.ok(Object? body);\n  static Response notFound() => Response.ok(null);\n}\n",
  'pkgs/shelf/lib/src/pipeline.dart': "import '../shelf.dart';\n\nclass Pipeline {\n  Response handle() => Response.notFound();\n}\n",
  'pkgs/shelf_router/pubspec.yaml': "name: 'shelf_router'\ndependencies:\n  shelf: ^1.0.0\n",
  'pkgs/shelf_router/lib/shelf_router.dart': "library shelf_router;\n\nexport 'src/router.dart';\npart 'src/params.dart';\n",
  'pkgs/shelf_router/lib/src/params.dart': "part of '../shelf_router.dart';\n\nMap<String, String> params() => {};\n",
  'pkgs/shelf_router/lib/src/router.dart':
    "import 'package:shelf/shelf.dart';\nimport 'package:http_methods/http_methods.dart';\nimport 'package:shelf/missing.dart';\n\nclass Router {\n  Response call() {\n    final p = Pipeline();\n    return Response.notFound();\n  }\n}\n",
  'pkgs/shelf_router/example/main.dart': "import 'package:shelf_router/shelf_router.dart' as r;\n\nvoid main() {\n  final router = r.Router();\n  router.call();\n  r.params();\n}\n",
}

describe('Dart resolution', () => {
  it("resolves `package:` imports through each package's pubspec.yaml, relative ones beside the file, and calls through exports", async () => {
    const graph = new LayerGraph(await layersOfText(DART))
    expect(edgesOf(graph, 'pkgs/shelf_router/lib/src/router.dart', 'imports')).toEqual([
      'package:shelf/shelf.dart -> resolved pkgs/shelf/lib/shelf.dart',
      // A package no indexed pubspec names is a dependency; a missing file of an indexed one is unresolved.
      'package:http_methods/http_methods.dart -> external',
      'package:shelf/missing.dart -> unresolved',
    ])
    expect(edgesOf(graph, 'pkgs/shelf/lib/src/pipeline.dart', 'imports')).toEqual(['../shelf.dart -> resolved pkgs/shelf/lib/shelf.dart'])
    expect(edgesOf(graph, 'pkgs/shelf/lib/src/response.dart', 'imports')).toEqual(['dart:convert -> external'])
    expect(edgesOf(graph, 'pkgs/shelf_router/lib/shelf_router.dart', 'imports')).toEqual([
      'src/router.dart -> resolved pkgs/shelf_router/lib/src/router.dart',
      'src/params.dart -> resolved pkgs/shelf_router/lib/src/params.dart',
    ])
    expect(edgesOf(graph, 'pkgs/shelf_router/lib/src/params.dart', 'imports')).toEqual(['../shelf_router.dart -> resolved pkgs/shelf_router/lib/shelf_router.dart'])
    // `Response` and `Pipeline` come through `shelf.dart`'s exports, `Router` through a namespace import.
    expect(edgesOf(graph, 'pkgs/shelf_router/lib/src/router.dart', 'calls')).toEqual([
      'Pipeline -> resolved pkgs/shelf/lib/src/pipeline.dart#Pipeline',
      'Response.notFound -> resolved pkgs/shelf/lib/src/response.dart#Response.notFound',
    ])
    // (A part's definitions are its library's.)
    expect(edgesOf(graph, 'pkgs/shelf_router/example/main.dart', 'calls')).toEqual([
      'r.Router -> resolved pkgs/shelf_router/lib/src/router.dart#Router',
      'router.call -> resolved pkgs/shelf_router/lib/src/router.dart#Router.call',
      'r.params -> resolved pkgs/shelf_router/lib/src/params.dart#params',
    ])
  })

  it('resolves `package:` imports again when a pubspec.yaml comes, goes or is renamed', async () => {
    const { 'pkgs/shelf/pubspec.yaml': pubspec, ...without } = DART
    const graph = new LayerGraph(await layersOfText(without))
    const shelfImport = (): string | undefined => edgesOf(graph, 'pkgs/shelf_router/lib/src/router.dart', 'imports')[0]
    expect(shelfImport()).toBe('package:shelf/shelf.dart -> external')
    graph.apply({ upsert: await layersOfText({ 'pkgs/shelf/pubspec.yaml': pubspec }) })
    expect(shelfImport()).toBe('package:shelf/shelf.dart -> resolved pkgs/shelf/lib/shelf.dart')
    graph.apply({ upsert: await layersOfText({ 'pkgs/shelf/pubspec.yaml': 'name: shelf_core\n' }) })
    expect(shelfImport()).toBe('package:shelf/shelf.dart -> external')
  })
})

/** A Swift package of two targets, written like Vapor's app template. */
const SWIFT = {
  'Package.swift': 'import PackageDescription\n\nlet package = Package(name: "app")\n',
  'Sources/App/configure.swift': 'import Vapor\n\npublic func configure(_ app: Application) throws {\n    try routes(app)\n    let todo = Todo(title: "x")\n    todo.rename()\n}\n',
  'Sources/App/routes.swift': 'import Vapor\n\nfunc routes(_ app: Application) throws {\n    app.get("hello") { req in "Hello" }\n}\n',
  'Sources/App/Models/Todo.swift': 'import Fluent\n\nfinal class Todo: Model {\n    var title: String\n    init(title: String) { self.title = title }\n    func rename() { title = normalized(title) }\n}\n\nfunc normalized(_ s: String) -> String { s }\n',
  'Tests/AppTests/AppTests.swift': '@testable import App\nimport XCTest\n\nfinal class AppTests: XCTestCase {\n    func testConfigure() throws {\n        try configure(Application())\n    }\n}\n',
}

describe('Swift resolution', () => {
  it("resolves `import App` to the target's folders and calls within a target without imports", async () => {
    const graph = new LayerGraph(await layersOfText(SWIFT))
    // (One edge per folder of the target.)
    expect(edgesOf(graph, 'Tests/AppTests/AppTests.swift', 'imports')).toEqual(['App -> resolved Sources/App/Models/', 'App -> resolved Sources/App/', 'XCTest -> external'])
    expect(edgesOf(graph, 'Sources/App/configure.swift', 'imports')).toEqual(['Vapor -> external'])
    expect(edgesOf(graph, 'Sources/App/configure.swift', 'calls')).toEqual([
      'routes -> resolved Sources/App/routes.swift#routes',
      'Todo -> resolved Sources/App/Models/Todo.swift#Todo',
      'todo.rename -> resolved Sources/App/Models/Todo.swift#Todo.rename',
    ])
    expect(edgesOf(graph, 'Sources/App/Models/Todo.swift', 'calls')).toEqual(['normalized -> resolved Sources/App/Models/Todo.swift#normalized'])
    expect(edgesOf(graph, 'Tests/AppTests/AppTests.swift', 'calls')).toEqual([
      'configure -> resolved Sources/App/configure.swift#configure',
      'Application -> external',
    ])
  })

  it("resolves `import Alamofire` to the folders of a target its Package.swift declares at a path of its own, and follows the manifest's edits", async () => {
    const files = {
      'Package.swift':
        'let package = Package(\n    name: "Alamofire",\n    targets: [\n        .target(name: "Alamofire", path: "Source", exclude: ["Info.plist"]),\n        .testTarget(name: "AlamofireTests", dependencies: [.target(name: "Alamofire")], path: "Tests")\n    ]\n)\n',
      'Source/Core/Session.swift': 'import Foundation\n\nopen class Session {\n    public static let `default` = Session()\n    public init() {}\n    open func request(_ url: String) {\n        _ = defaultRetrier()\n        _ = RetrierAlias()\n    }\n}\n',
      'Source/Features/Validation.swift': 'extension Session {\n    public func validate() {}\n}\n\nextension RequestInterceptor where Self == Retrier {\n    public static var retrier: Retrier { Retrier() }\n}\n',
      'Source/Features/RequestInterceptor.swift': 'public protocol RequestInterceptor {}\n\npublic struct Retrier: RequestInterceptor {}\n\nfunc defaultRetrier() -> Retrier { Retrier() }\n\npublic typealias RetrierAlias = Retrier\n',
      'Tests/SessionTests.swift': '@testable import Alamofire\nimport XCTest\n\nfinal class SessionTests: XCTestCase {\n    struct Handler: RequestInterceptor {}\n\n    func testRequest() {\n        let session = Session()\n        session.request("https://x")\n        session.validate()\n    }\n}\n',
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(edgesOf(graph, 'Tests/SessionTests.swift', 'imports')).toEqual(['Alamofire -> resolved Source/Core/', 'Alamofire -> resolved Source/Features/', 'XCTest -> external'])
    // A member an extension adds is the type's; an extension is no definition of its type (the protocol is).
    expect(edgesOf(graph, 'Tests/SessionTests.swift', 'calls')).toEqual([
      'Session -> resolved Source/Core/Session.swift#Session',
      'session.request -> resolved Source/Core/Session.swift#Session.request',
      'session.validate -> resolved Source/Features/Validation.swift#Session.validate',
    ])
    expect(edgesOf(graph, 'Tests/SessionTests.swift', 'implements')).toEqual(['RequestInterceptor -> resolved Source/Features/RequestInterceptor.swift#RequestInterceptor'])
    // The target's files see each other's names, as a `Sources/<target>/` package's do.
    // (A type alias of the index is no library's type: not `external`.)
    expect(edgesOf(graph, 'Source/Core/Session.swift', 'calls')).toEqual([
      'Session -> resolved Source/Core/Session.swift#Session',
      'defaultRetrier -> resolved Source/Features/RequestInterceptor.swift#defaultRetrier',
      'RetrierAlias -> unresolved',
    ])
    // A target moved to another path: imported from there.
    graph.apply({ upsert: await layersOfText({ 'Package.swift': files['Package.swift'].replace('path: "Source"', 'path: "Source/Core"') }) })
    expect(edgesOf(graph, 'Tests/SessionTests.swift', 'imports')).toEqual(['Alamofire -> resolved Source/Core/', 'XCTest -> external'])
  })
})
