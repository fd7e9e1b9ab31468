import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker, languageForPath } from '../../src/index.js'
import { componentScripts } from '../../src/code/languages/components.js'
import { readFixture } from '../../src/testing/corpus.js'
import { layersOf } from './symbols-of.js'

const symbolsOf = (layers: Awaited<ReturnType<typeof layersOf>>): string[] => layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine}`)
const edgesOf = (layers: Awaited<ReturnType<typeof layersOf>>, kind: string): string[] => layers.edges.filter((e) => e.kind === kind).map((e) => `${e.target} ${e.startLine}`)

describe('single-file components (Vue, Svelte, Astro)', () => {
  it('are languages of their own, chunked as code', () => {
    expect([languageForPath('src/App.vue'), languageForPath('src/lib/Todo.svelte'), languageForPath('src/pages/index.astro')]).toEqual(['vue', 'svelte', 'astro'])
  })

  it('parse their scripts alone: the markup, styles and script tags blanked, every offset and row kept', () => {
    const text = '<template>\n  <p>{{ a(1) }}</p>\n</template>\n<script setup lang="ts">\nconst a = (n: number) => n\n</script>\n<style>p { x: y }</style>\n'
    const input = componentScripts(text)
    expect(input.length).toBe(text.length)
    expect(input.split('\n').map((line) => line.trim())).toEqual(['', '', '', '', 'const a = (n: number) => n', '', '', ''])
    // Astro's frontmatter and its client `<script>`; a script of another type (a Vue 2 inline template, JSON-LD) is markup.
    const astro = '---\nimport A from "./A.astro"\n---\n<A />\n<script type="application/ld+json">{"a": 1}</script>\n<script>go()</script>\n'
    expect(componentScripts(astro).split('\n').map((line) => line.trim())).toEqual(['', 'import A from "./A.astro"', '', '', '', 'go()', ''])
  })

  it("read a Vue component's `<script setup>`: its definitions, imports and calls at the file's rows, none of the template's words", async () => {
    const layers = await layersOf('src/components/TodoList.vue', readFixture('vue.vue'))
    // Its code is TypeScript's: resolved and queried as a `.ts` file's.
    expect(layers.language).toBe('typescript')
    expect(symbolsOf(layers)).toEqual([
      'constant props 6-6',
      'constant emit 7-7',
      'constant Modal 9-9',
      'constant modalApi 9-9',
      'constant query 10-10',
      'constant visible 12-12',
      'function openDetails 14-17',
      'function select 19-22',
    ])
    expect(edgesOf(layers, 'imports')).toEqual(['vue 2', '@/composables/modal 3', './format 4'])
    const calls = edgesOf(layers, 'calls')
    expect(calls).toContain('openDetails 21')
    expect(calls).toContain('useModal 9')
    // The template calls what the script binds (`{{ formatTitle(...) }}`, `@click="select(item)"`) and renders a
    // component (`<Modal />`); `Filter (optional)` is text.
    expect(calls.filter((call) => Number(call.split(' ')[1]) > 23)).toEqual(['formatTitle 27', 'select 30', 'Modal 32'])
  })

  it("read the calls a component's markup makes of what its scripts bind, a handler named without a call too", async () => {
    const vue =
      '<script setup>\nimport { t } from "./i18n"\nfunction save() {}\nconst api = { open() {} }\n</script>\n<template>\n' +
      '  <button @click="save" :title="t(\'save\')" v-on:keyup.enter="api.open">Save (now)</button>\n' +
      '  <li v-for="row in rows" @click="pick(row)">{{ row.label() }} {{ $t("x") }}</li>\n</template>\n'
    expect(edgesOf(await layersOf('src/Save.vue', vue), 'calls')).toEqual(['save 7', 't 7', 'open 7'])
    // Vue's one-word tag of an imported component (not of an HTML element the scripts import a component for).
    const table = '<script>\nimport Pagination from "./Pagination.vue"\nimport Form from "./Form.vue"\nexport default { components: { Pagination, Form } }\n</script>\n<template>\n  <form><pagination :total="1" /><span /></form>\n</template>\n'
    expect(edgesOf(await layersOf('src/Table.vue', table), 'calls')).toEqual(['Pagination 7'])
    const svelte = '<script>\n  import { send } from "./api"\n  function reset() {}\n</script>\n{#each items as item (item.id)}\n  <button on:click={reset} onclick={() => send(item)}>{item.name}</button>\n{/each}\n'
    expect(edgesOf(await layersOf('src/Form.svelte', svelte), 'calls')).toEqual(['reset 6', 'send 6'])
  })

  it("read a Vue component written with the Options API: the functions of its object are the file's, and its template calls them", async () => {
    const layers = await layersOf('src/views/table/complex-table.vue', readFixture('vue-options.vue'))
    expect(symbolsOf(layers)).toEqual([
      'method statusFilter 18-20',
      'method data 22-24',
      'method total 26-28',
      'method created 30-32',
      'method getList 34-38',
      'method handleFilter 39-42',
      'method sortChange 43-45',
      'method handleCreate 46-48',
    ])
    // `@keyup.enter.native="handleFilter"`, `@click="handleCreate"`, `@sort-change="sortChange"`, Vue 2's filter `| parseTime(...)`
    // (which calls it); `this.getList()` in `created`.
    // Its kebab-case tags render components too (`<el-input>`: `ElInput`), whoever registers them.
    expect(edgesOf(layers, 'calls').filter((call) => Number(call.split(' ')[1]) < 10)).toEqual([
      'ElInput 3',
      'handleFilter 3',
      'ElButton 4',
      'handleCreate 4',
      'ElTable 5',
      'sortChange 5',
      'ElTableColumn 6',
      'parseTime 6',
    ])
    expect(edgesOf(layers, 'calls')).toContain('getList 31')
    // Through `defineComponent({...})` too, and a `<script setup>` keeps its calls' arguments unread.
    const defined = await layersOf('src/Counter.vue', '<script lang="ts">\nexport default defineComponent({\n  setup() {},\n  methods: { inc() {} },\n})\n</script>\n')
    // (The statement's opening line goes with its first function, as `export` goes with a declaration.)
    expect(symbolsOf(defined)).toEqual(['method setup 2-3', 'method inc 4-4'])
    const setup = await layersOf('src/Setup.vue', '<script setup>\nconst props = defineProps({ a: { type: String, default() { return "" } } })\n</script>\n')
    expect(symbolsOf(setup)).toEqual(['constant props 2-2'])
  })

  it("read both of a Svelte component's scripts (module and instance) and its runes as calls", async () => {
    const layers = await layersOf('src/lib/Todos.svelte', readFixture('svelte.svelte'))
    expect(symbolsOf(layers)).toEqual(['constant PAGE_SIZE 2-2', 'variable user 9-9', 'variable todos 10-10', 'variable remaining 11-11', 'function load 13-15', 'function toggle 17-19'])
    expect(layers.symbols.find((s) => s.name === 'PAGE_SIZE')?.exported).toBe(true)
    expect(edgesOf(layers, 'imports')).toEqual(['svelte 6', '$lib/api 7'])
    expect(edgesOf(layers, 'calls')).toEqual(['$props 9', '$state 10', '$derived 11', 'filter 11', 'fetchTodos 14', 'onMount 21', 'load 21', 'toggle 26'])
  })

  it("read an Astro component's frontmatter, its client script and its markup's expressions", async () => {
    const layers = await layersOf('src/components/Post.astro', readFixture('astro.astro'))
    expect(symbolsOf(layers)).toEqual(['interface Props 6-8', 'property Props.post 7-7', 'constant post 10-10', 'function readingTime 12-14'])
    expect(edgesOf(layers, 'imports')).toEqual(['astro:content 2', '../layouts/Layout.astro 3', '../utils/dates 4', '../scripts/highlight 23'])
    expect(edgesOf(layers, 'calls')).toEqual(['ceil 13', 'split 13', 'Layout 16', 'toISOString 17', 'formatDate 17', 'readingTime 18', 'querySelectorAll 24', 'forEach 24', 'highlight 24'])
  })

  it('chunk a component without a script (an SVG icon, a page of markup) whole, as before', async () => {
    const content = `<template>\n${'  <path d="M0 0h24v24H0z" fill="none" />\n'.repeat(80)}</template>\n`
    const chunks = await createNormalizedDocumentChunker().chunk({ path: 'src/icons/Icon.vue', content, format: 'code' })
    expect(chunks.map((chunk) => chunk.content).join('')).toBe(content)
    const layers = await layersOf('src/icons/Icon.vue', content)
    expect([layers.symbols.length, layers.edges.length]).toEqual([0, 0])
  })
})
