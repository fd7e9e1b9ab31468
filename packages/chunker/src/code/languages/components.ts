import { defineRules, type LanguageRules } from '../rules.js'
import { javascriptLike } from './javascript-typescript.js'

/** A `<script ...>` element: its attributes and its content. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** A `type` attribute naming no script the TypeScript grammar reads (`text/x-template`, `application/ld+json`). */
const OTHER_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|text\/typescript\b|application\/javascript\b|text\/babel\b)[\w/+.-]/i

/** Astro's component script: the file's leading `---` fence, up to the next `---` line. */
const ASTRO_FRONTMATTER = /^(\s*---[ \t]*\r?\n)([\s\S]*?\r?\n)(---)/

/** Every character but line breaks as a space: same length and rows. */
export function blank(text: string): string {
  return text.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length))
}

/**
 * The text the parser reads of a single-file component (Vue `.vue`, Svelte `.svelte`, Astro
 * `.astro`): only its scripts' code, everything else (markup, styles, the `<script>` tags
 * themselves) blanked, so every offset and row is the file's. The scripts are the `<script>`
 * elements of JavaScript or TypeScript (a `<script setup lang="ts">`, Svelte's `<script module>`
 * and a plain one together: one program) and Astro's `---` frontmatter.
 *
 * @example
 * componentScripts('<template><b/></template>\n<script setup>\nconst a = 1\n</script>\n')
 * // '                         \n              \nconst a = 1\n         \n'
 */
export function componentScripts(text: string): string {
  const kept: [number, number][] = []
  const frontmatter = ASTRO_FRONTMATTER.exec(text)
  if (frontmatter) {
    const start = (frontmatter[1] as string).length
    kept.push([start, start + (frontmatter[2] as string).length])
  }
  for (const match of text.matchAll(SCRIPT_ELEMENT)) {
    if (OTHER_TYPE.test(match[1] as string)) continue
    const start = (match.index as number) + match[0].indexOf('>') + 1
    kept.push([start, start + (match[2] as string).length])
  }
  if (kept.length === 0) return blank(text)
  let out = ''
  let at = 0
  for (const [start, end] of kept.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue
    out += blank(text.slice(at, start)) + text.slice(start, end)
    at = end
  }
  return out + blank(text.slice(at))
}

/**
 * Rules for single-file components: their scripts are parsed with the TypeScript grammar (plain
 * JavaScript parses too) and chunked along their symbols like a `.ts` file's; the markup around
 * them stays in the chunks between symbols. The layer extraction reads the scripts alone.
 */
export const componentRules: LanguageRules = defineRules({
  ...javascriptLike,
  // Vue's Options API: `export default { data() {}, methods: { save() {} } }` (also through `defineComponent({...})`)
  // defines the component's functions in object literals; read through, they are the file's own.
  transparent: [...(javascriptLike.transparent ?? []), 'object', 'pair', 'call_expression', 'arguments'],
  parseInput: componentScripts,
  layersReadParseInput: true,
})
