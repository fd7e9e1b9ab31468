import { describe, expect, it } from 'vitest'
import { isManifestPath, readManifest } from './manifests.js'

describe('readManifest', () => {
  it('reads tsconfig with comments and trailing commas, and what it extends', () => {
    const manifest = readManifest('tsconfig.json', '{\n // base\n "extends": "./base.json",\n "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*",] }, },\n}')
    expect(manifest).toEqual({ kind: 'tsconfig', baseUrl: '.', paths: { '@/*': ['src/*'] }, extends: ['./base.json'] })
  })

  it('reads the packages a package.json depends on', () => {
    const json = JSON.stringify({ name: 'web', dependencies: { next: '14.0.0' }, devDependencies: { typescript: '5.0.0', next: '14.0.0' }, peerDependencies: { react: '18.0.0' } })
    expect(readManifest('package.json', json)).toEqual({ kind: 'package-json', name: 'web', entries: {}, dependencies: ['next', 'typescript', 'react'] })
  })

  it('reads package.json entry points per subpath, best first', () => {
    const manifest = readManifest('packages/a/package.json', JSON.stringify({ name: '@x/a', main: './dist/index.js', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './util': './dist/util.js' } }))
    expect(manifest).toEqual({ kind: 'package-json', name: '@x/a', entries: { '.': ['./dist/index.d.ts', './dist/index.js'], './util': ['./dist/util.js'] } })
  })

  it('reads go.mod, Cargo.toml and composer.json', () => {
    expect(readManifest('go.mod', 'module github.com/acme/shop\n\ngo 1.22\n')).toEqual({ kind: 'go-mod', module: 'github.com/acme/shop' })
    // The modules it requires, on their own lines and in blocks (comments and `// indirect` marks aside).
    const requiring = 'module shop\n\ngo 1.22\n\nrequire github.com/labstack/echo/v4 v4.11.4\n\nrequire (\n\t// web\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgolang.org/x/sys v0.15.0 // indirect\n)\n'
    expect(readManifest('go.mod', requiring)).toEqual({ kind: 'go-mod', module: 'shop', requires: ['github.com/labstack/echo/v4', 'github.com/gin-gonic/gin', 'golang.org/x/sys'] })
    expect(readManifest('Cargo.toml', '[package]\nname = "shop-core"\n\n[lib]\npath = "src/core.rs"\n')).toEqual({ kind: 'cargo', crate: 'shop_core', lib: 'src/core.rs', members: [], package: 'shop-core' })
    // A `[lib] name` is the crate's name in code, whatever the package's.
    expect(readManifest('Cargo.toml', '[package]\nname = "clap-complete"\n\n[lib]\nname = "completions"\n')).toEqual({ kind: 'cargo', crate: 'completions', members: [], package: 'clap-complete' })
    expect(readManifest('Cargo.toml', '[workspace]\nmembers = [\n  "a",\n  "b", # comment\n]\n')).toEqual({ kind: 'cargo', crate: '', members: ['a', 'b'] })
    // `[[bin]]` array tables (ripgrep's): each target's path, and keys after them stay theirs.
    const ripgrep = '[package]\nname = "ripgrep"\n\n[[bin]]\nbench = false\npath = "crates/core/main.rs"\nname = "rg"\n\n[[bin]]\npath = "tools/gen.rs"\n\n[lib]\npath = "crates/core/lib.rs"\n'
    expect(readManifest('Cargo.toml', ripgrep)).toEqual({ kind: 'cargo', crate: 'ripgrep', lib: 'crates/core/lib.rs', members: [], bins: ['crates/core/main.rs', 'tools/gen.rs'], package: 'ripgrep' })
    expect(readManifest('composer.json', '{"autoload": {"psr-4": {"App\\\\": "src/"}}}')).toEqual({ kind: 'composer', psr4: { 'App\\': ['src/'] } })
  })

  it("reads a pubspec.yaml's package name and a Package.swift's targets with their folders", () => {
    expect(readManifest('pkgs/shelf/pubspec.yaml', "# the package\nname: 'shelf'\nversion: 1.4.2\ndependencies:\n  name: x\n")).toEqual({ kind: 'pubspec', name: 'shelf' })
    const swift = [
      'let package = Package(',
      '    name: "Alamofire",',
      '    products: [.library(name: "Alamofire", targets: ["Alamofire"])],',
      '    targets: [',
      '        .testTarget(name: "AlamofireTests", dependencies: [.target(name: "Alamofire")], path: "Tests"),',
      '        .target(name: "Alamofire", path: "Source", exclude: ["Info.plist"], linkerSettings: [.linkedFramework("CFNetwork")]),',
      '        .executableTarget(name: "Tool", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),',
      '        .plugin(name: "Lint", capability: .buildTool()),',
      '    ]',
      ')',
    ].join('\n')
    // (A dependency written `.target(name:)` before the declaration gives way to it.)
    expect(readManifest('Package.swift', swift)).toEqual({
      kind: 'swiftpm',
      targets: [
        { name: 'AlamofireTests', path: 'Tests' },
        { name: 'Alamofire', path: 'Source' },
        { name: 'Tool', path: 'Sources/Tool' },
        { name: 'Lint', path: 'Plugins/Lint' },
      ],
    })
    expect(readManifest('pubspec.yaml', 'description: no name\n')).toBeUndefined()
  })

  it('gives nothing for other files or ones that do not parse', () => {
    expect(isManifestPath('src/package.json.bak')).toBe(false)
    expect(readManifest('README.md', '# x')).toBeUndefined()
    expect(readManifest('package.json', '{ broken')).toBeUndefined()
  })

  it("reads the resolve.alias of Vite and webpack configs: object and array forms, the path expressions they use, and nothing else", () => {
    const vite = [
      "import { fileURLToPath, URL } from 'node:url'",
      'export default defineConfig({',
      '  resolve: {',
      '    alias: {',
      "      '@': fileURLToPath(new URL('./src', import.meta.url)),",
      '      "@components": path.resolve(__dirname, \'src\', \'components\'),',
      "      Utilities: path.resolve(__dirname, 'src/utilities/'),",
      '      shared: `${__dirname}/../shared`,',
      "      vue$: 'vue/dist/vue.esm.js',",
      "      '~root': '/',",
      '      lib: somePath,',
      '    },',
      '  },',
      '})',
    ].join('\n')
    expect(readManifest('web/vite.config.ts', vite)).toEqual({
      kind: 'bundler-aliases',
      aliases: { '@': 'src', '@components': 'src/components', Utilities: 'src/utilities', shared: '../shared', '~root': '.' },
    })
    const array = "export default { resolve: { alias: [{ find: '@', replacement: path.resolve(__dirname, './src') }, { find: /^~/, replacement: '' }] } }"
    expect(readManifest('vite.config.mjs', array)).toEqual({ kind: 'bundler-aliases', aliases: { '@': 'src' } })
    expect(readManifest('webpack.config.js', "module.exports = { entry: './src/index.js' }")).toBeUndefined()
    expect(readManifest('src/vite.config.helper.ts', vite)).toBeUndefined()
  })
})
