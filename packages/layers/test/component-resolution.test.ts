import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** A file's edges of one kind as `target -> resolution path#symbol`. */
function edgesOf(graph: LayerGraph, path: string, kind: EdgeRecord['kind']): string[] {
  return graph
    .edgesOf(path)
    .filter((edge) => edge.kind === kind)
    .map((edge) => `${edge.target} -> ${edge.resolution}${edge.targetSymbolId ? ` ${edge.targetSymbolId}` : edge.targetPath ? ` ${edge.targetPath}` : ''}`)
}

/** One app with components of all three kinds, written like vue-vben-admin's, SvelteKit's and Starlight's. */
const APP = {
  'package.json': '{ "name": "app", "dependencies": { "vue": "^3.5.0", "@sveltejs/kit": "^2.0.0", "astro": "^5.0.0" } }\n',
  'src/utils/format.ts': 'export function formatTitle(title: string): string {\n  return title.trim()\n}\n',
  'src/lib/api.ts': 'export async function fetchTodos(user: string) {\n  return [] as { done: boolean }[]\n}\n',
  'src/components/TodoList.vue':
    "<script setup lang=\"ts\">\nimport { ref } from 'vue'\nimport { formatTitle } from '../utils/format'\n\nconst title = ref(formatTitle('Todos'))\n\nfunction select() {\n  open()\n}\nfunction open() {}\n</script>\n\n<template>\n  <h2 @click=\"select\">{{ title }}</h2>\n</template>\n",
  'src/lib/Todos.svelte': "<script lang=\"ts\">\n  import { fetchTodos } from '$lib/api'\n  import TodoList from '../components/TodoList.vue'\n  let todos = $state(await fetchTodos('me'))\n</script>\n\n<TodoList />\n",
  'src/views/Table.vue':
    "<template>\n  <button @click=\"refresh\">Refresh</button>\n</template>\n<script>\nimport { formatTitle } from '../utils/format'\n\nexport default {\n  created() {\n    this.refresh()\n  },\n  methods: {\n    refresh() {\n      this.$emit('refreshed', formatTitle('x'))\n      this.missing()\n    },\n  },\n}\n</script>\n",
  'src/components/Card.astro': '---\nconst { title } = Astro.props\n---\n<h2>{title}</h2>\n',
  'src/pages/index.astro': "---\nimport Card from '../components/Card.astro'\nimport { formatTitle } from '../utils/format'\nconst heading = formatTitle(' Home ')\n---\n<Card title={heading} />\n",
}

describe('resolution of single-file components', () => {
  it("resolves a component script's imports and calls (its template's too) as a TypeScript file's, and imports of components by their extension", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(edgesOf(graph, 'src/components/TodoList.vue', 'imports')).toEqual(['vue -> external', '../utils/format -> resolved src/utils/format.ts#formatTitle'])
    expect(edgesOf(graph, 'src/components/TodoList.vue', 'calls')).toEqual([
      'ref -> external',
      'formatTitle -> resolved src/utils/format.ts#formatTitle',
      'open -> resolved src/components/TodoList.vue#open',
      // The template's `@click="select"`.
      'select -> resolved src/components/TodoList.vue#select',
    ])
    // SvelteKit's `$lib` alias; a Vue component imported by a Svelte one.
    expect(edgesOf(graph, 'src/lib/Todos.svelte', 'imports')).toEqual(['$lib/api -> resolved src/lib/api.ts#fetchTodos', '../components/TodoList.vue -> resolved src/components/TodoList.vue'])
    expect(edgesOf(graph, 'src/lib/Todos.svelte', 'calls')).toContain('fetchTodos -> resolved src/lib/api.ts#fetchTodos')
    expect(edgesOf(graph, 'src/pages/index.astro', 'imports')).toEqual(['../components/Card.astro -> resolved src/components/Card.astro', '../utils/format -> resolved src/utils/format.ts#formatTitle'])
    // Vue's Options API: `this` is the component, whose methods are the file's; its `$` members are Vue's.
    expect(edgesOf(graph, 'src/views/Table.vue', 'calls')).toEqual([
      'refresh -> resolved src/views/Table.vue#refresh',
      'refresh -> resolved src/views/Table.vue#refresh',
      '$emit -> external',
      'formatTitle -> resolved src/utils/format.ts#formatTitle',
      'missing -> unresolved',
    ])
    // A component language names the definitions of its files (their records say `typescript`).
    expect(graph.symbols({ name: '*', language: 'vue' }).map((s) => `${s.path}#${s.qname}`).sort()).toEqual([
      'src/components/TodoList.vue#open',
      'src/components/TodoList.vue#select',
      'src/components/TodoList.vue#title',
      'src/views/Table.vue#created',
      'src/views/Table.vue#refresh',
    ])
    expect(graph.symbols({ name: '*', language: 'astro' }).map((s) => s.qname).sort()).toEqual(['heading', 'title'])
    // Who depends on `format.ts`: the components too.
    expect([...new Set(graph.incoming('src/utils/format.ts').map((edge) => edge.path))].sort()).toEqual(['src/components/TodoList.vue', 'src/pages/index.astro', 'src/views/Table.vue'])
  })
})

/** A Nuxt 4 app (components in `app/components/`, imported by Nuxt itself), written like elk's. */
const NUXT = {
  'package.json': '{ "name": "elk", "dependencies": { "nuxt": "^4.1.0", "element-plus": "^2.0.0" } }\n',
  'app/components/account/AccountAvatar.vue': '<template><img /></template>\n',
  'app/components/base/foo/Button.vue': '<template><button /></template>\n',
  'app/components/status/index.vue': '<template><div /></template>\n',
  'app/components/TheModal.client.vue': '<template><dialog /></template>\n',
  'app/pages/index.vue':
    '<template>\n  <AccountAvatar />\n  <base-foo-button />\n  <Status />\n  <LazyTheModal />\n  <el-button />\n  <NuxtLink to="/" />\n</template>\n',
}

describe('components a template renders', () => {
  it("names a Nuxt component by its folders and file as Nuxt does, a repeated folder's words once", async () => {
    const { nuxtComponentName } = await import('../src/component-uses.js')
    expect(['account/AccountAvatar.vue', 'base/foo/Button.vue', 'base/BaseButton.vue', 'status/index.vue', 'TheModal.client.vue', 'form/input-text.vue'].map(nuxtComponentName)).toEqual([
      'AccountAvatar',
      'BaseFooButton',
      'BaseButton',
      'Status',
      'TheModal',
      'FormInputText',
    ])
  })

  it("resolves a Nuxt app's tags to the components Nuxt imports by itself; a library's are external", async () => {
    const graph = new LayerGraph(await layersOfText(NUXT))
    expect(edgesOf(graph, 'app/pages/index.vue', 'calls')).toEqual([
      'AccountAvatar -> resolved app/components/account/AccountAvatar.vue',
      'BaseFooButton -> resolved app/components/base/foo/Button.vue',
      'Status -> resolved app/components/status/index.vue',
      'LazyTheModal -> resolved app/components/TheModal.client.vue',
      'ElButton -> external',
      'NuxtLink -> external',
    ])
    expect(graph.incoming('app/components/account/AccountAvatar.vue').map((edge) => `${edge.path}:${edge.startLine}`)).toEqual(["app/pages/index.vue:2"])
    // A component that goes, then comes back under another folder: the page that renders it is resolved again each time.
    const avatar = (): string | undefined => edgesOf(graph, 'app/pages/index.vue', 'calls')[0]
    graph.apply({ remove: ['app/components/account/AccountAvatar.vue'] })
    expect(avatar()).toBe('AccountAvatar -> external')
    graph.apply({ upsert: await layersOfText({ 'app/components/AccountAvatar.vue': '<template><img /></template>\n' }) })
    expect(avatar()).toBe('AccountAvatar -> resolved app/components/AccountAvatar.vue')
  })

  it('resolves a tag to the component its script imports, else to the one file of its name (registered globally)', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'package.json': '{ "name": "admin", "dependencies": { "vue": "^2.6.0", "element-ui": "^2.13.0" }, "devDependencies": { "@vue/cli-service": "^4.4.0" } }\n',
        'src/components/SvgIcon/index.vue': '<template><svg /></template>\n',
        'src/components/Pagination/index.vue': '<template><div /></template>\n',
        'src/utils/money.ts': 'export function Money(cents: number) {\n  return cents / 100\n}\n',
        'src/views/table.vue':
          "<template>\n  <div>\n    <svg-icon icon-class=\"edit\" />\n    <Pagination :total=\"10\" />\n    <el-table />\n  </div>\n</template>\n<script>\nimport Pagination from '@/components/Pagination'\nexport default { components: { Pagination }, created() { Money(1) } }\n</script>\n",
      }),
    )
    expect(edgesOf(graph, 'src/views/table.vue', 'calls')).toEqual([
      'SvgIcon -> resolved src/components/SvgIcon/index.vue',
      'Pagination -> resolved src/components/Pagination/index.vue',
      'ElTable -> external',
      // A capitalised call the index defines elsewhere is no library component's: found by name.
      'Money -> by-name src/utils/money.ts#Money',
    ])
  })
})

describe("what Nuxt imports by itself", () => {
  it("resolves a Nuxt app's bare calls to the one exported function of their name in composables/ and utils/ (the server's in server/utils/)", async () => {
    const files = {
      'package.json': '{ "name": "app", "dependencies": { "nuxt": "^4.0.0" } }\n',
      'app/composables/settings/storage.ts': 'export function useUserSettings(): object\nexport function useUserSettings(key?: string): object {\n  return {}\n}\n',
      'app/utils/format.ts': 'export function formatCount(n: number): string {\n  return String(n)\n}\nfunction hidden() {}\n',
      'server/utils/db.ts': 'export function useDb() {\n  return {}\n}\n',
      'server/api/users.ts': 'export default defineEventHandler(() => {\n  useDb()\n  return formatCount(1)\n})\n',
      'app/pages/index.vue': '<script setup lang="ts">\nconst settings = useUserSettings()\nconst label = formatCount(2)\nhidden()\n</script>\n<template><p>{{ label }}</p></template>\n',
    }
    const graph = new LayerGraph(await layersOfText(files))
    const calls = (path: string): string[] => edgesOf(graph, path, 'calls')
    expect(calls('app/pages/index.vue')).toEqual([
      // The first of its overloads stands for them.
      'useUserSettings -> resolved app/composables/settings/storage.ts#useUserSettings',
      'formatCount -> resolved app/utils/format.ts#formatCount',
      // Not exported: not imported by Nuxt (found by name only).
      'hidden -> by-name app/utils/format.ts#hidden',
    ])
    // A server module gets its server's utilities, not the app's.
    expect(calls('server/api/users.ts')).toEqual(['defineEventHandler -> unresolved', 'useDb -> resolved server/utils/db.ts#useDb', 'formatCount -> by-name app/utils/format.ts#formatCount'])
  })
})
