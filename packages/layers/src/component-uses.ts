import type { FileLayers } from '@rag/core'
import type { Binding } from './import-bindings.js'
import { nuxtApp } from './nuxt-projects.js'
import { EXTERNAL, type Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/** A single-file component's path. */
const COMPONENT_FILE = /\.(?:vue|svelte|astro)$/

/** A component's name as a tag call gives it (`TodoList`). */
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/

/** Leads to a component's file (a component has no definition of its own name). */
const toFile = (path: string): Resolved => ({ resolution: 'resolved', targetPath: path, targetSymbolId: '', candidates: 1 })

/** The words of a name or path segment, as Nuxt splits them: `base-foo`, `BaseFoo`, `base_foo` are `Base`, `Foo`. */
function words(name: string): string[] {
  return name
    .split(/[-_./\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
}

/**
 * The name Nuxt gives a component file below its `components/` folder: the folders' words, then
 * the file's, a file repeating the folders' last words not repeating them (`base/foo/Button.vue`
 * is `BaseFooButton`, `base/BaseButton.vue` is `BaseButton`), `index` its folder's name; a
 * `.client`/`.server` part of the file's name is no part of it.
 */
export function nuxtComponentName(relative: string): string {
  const segments = relative.split('/')
  const stem = (segments.pop() as string).replace(/\.[^.]+$/, '').replace(/\.(?:client|server|global)$/, '')
  const prefix = segments.flatMap(words)
  const file = stem.toLowerCase() === 'index' ? [] : words(stem)
  const lowerFile = file.map((word) => word.toLowerCase())
  // The longest tail of the folders' words that the file's name starts with is said once.
  for (let from = 0; from < prefix.length; from++) {
    const tail = prefix.slice(from).map((word) => word.toLowerCase())
    if (tail.length <= lowerFile.length && tail.every((word, i) => lowerFile[i] === word)) return [...prefix.slice(0, from), ...file].join('')
  }
  return [...prefix, ...file].join('')
}

/**
 * The names a template may render a component file by, for re-resolving the files that looked one
 * up when it comes or goes: its file's (an `index`'s folder's), the Nuxt name below each
 * `components/` folder of its path, and that with `Lazy`. None for another file.
 */
export function componentNames(path: string): string[] {
  if (!COMPONENT_FILE.test(path)) return []
  const segments = path.split('/')
  const stem = (segments.at(-1) as string).replace(/\.[^.]+$/, '')
  const names = [words(stem.toLowerCase() === 'index' ? (segments.at(-2) ?? '') : stem).join('')]
  segments.forEach((segment, at) => {
    if (segment === 'components' && at < segments.length - 1) names.push(nuxtComponentName(segments.slice(at + 1).join('/')))
  })
  return [...names, ...names.map((name) => `Lazy${name}`)].filter((name) => name !== '' && name !== 'Lazy')
}

/** Per component listing (`SymbolIndex.filesBelow`'s, kept until a file comes or goes), the components by name. */
const byListing = new WeakMap<readonly string[], Map<string, string>>()

/** The components Nuxt imports by itself in the Nuxt app a file belongs to: its source folder's `components/`. */
function nuxtComponents(file: FileLayers, index: SymbolIndex): Map<string, string> | undefined {
  const source = nuxtApp(file, index)?.source
  if (source === undefined) return undefined
  const dir = source === '' ? 'components' : `${source}/components`
  const listing = index.filesBelow(dir)
  let names = byListing.get(listing)
  if (names === undefined) {
    names = new Map()
    for (const path of listing) if (COMPONENT_FILE.test(path)) names.set(nuxtComponentName(path.slice(dir.length + 1)), path)
    byListing.set(listing, names)
  }
  return names
}

/** Per listing of every file, the component files by the name a global registration gives them: the file's (`todo-list.vue` is `TodoList`), an `index`'s folder's. */
const byFileName = new WeakMap<readonly string[], Map<string, string[]>>()

/** The component files named `name` by their file (or an `index` file's folder), anywhere in the index. */
function namedComponentFiles(name: string, index: SymbolIndex): readonly string[] {
  const listing = index.filesBelow('')
  let names = byFileName.get(listing)
  if (names === undefined) {
    names = new Map()
    for (const path of listing) {
      if (!COMPONENT_FILE.test(path)) continue
      const segments = path.split('/')
      const stem = (segments.pop() as string).replace(/\.[^.]+$/, '')
      const named = words(stem.toLowerCase() === 'index' ? (segments.pop() ?? '') : stem).join('')
      if (named !== '') names.set(named, [...(names.get(named) ?? []), path])
    }
    byFileName.set(listing, names)
  }
  return names.get(name) ?? []
}

/**
 * What a component's tag in a component's markup renders (the chunker reads `<TodoList />` as a
 * call of `TodoList`): the component file its scripts import under that name, else in a Nuxt
 * project the component Nuxt imports by itself from its `components/` folder (`<LazyTodoList>`
 * too), else a component file of that name (one registered globally: `by-name` when several
 * are), else, when nothing in the index has the name, a library's (`external`: `<el-button>`,
 * `<router-link>`). `undefined` for any other call, or a name the file defines or imports
 * otherwise, or another file defines (the usual resolution goes on).
 */
export function componentUse(name: string, file: FileLayers, binding: Binding | undefined, index: SymbolIndex): Resolved | undefined {
  if (!COMPONENT_FILE.test(file.path) || !COMPONENT_NAME.test(name)) return undefined
  if (binding !== undefined) return binding.status === 'resolved' && COMPONENT_FILE.test(binding.path) ? toFile(binding.path) : undefined
  if (index.topLevel(file.path, name) !== undefined) return undefined
  const components = nuxtComponents(file, index)
  const path = components?.get(name) ?? (name.startsWith('Lazy') ? components?.get(name.slice(4)) : undefined)
  if (path !== undefined) return toFile(path)
  // Registered globally (`app.component('SvgIcon', SvgIcon)`, unplugin-vue-components): a component file of that name;
  // none is a library's (`<el-button>`, `<router-link>`, `<Transition>`).
  const named = namedComponentFiles(name, index)
  // (A definition of the name elsewhere, `Money(x)` in a script: resolution by name goes on.)
  if (named.length === 0) return index.named(name).length === 0 ? EXTERNAL : undefined
  return named.length === 1 ? toFile(named[0] as string) : { resolution: 'by-name', targetPath: named[0] as string, targetSymbolId: '', candidates: named.length }
}
