/**
 * The expressions of a single-file component's markup (Vue `{{ }}` and bound attributes, Svelte's
 * and Astro's `{ }`), for the scan of the calls the template makes.
 */

import { blank } from '../../languages/components.js'

/** `<script>` and `<style>` elements: code of their own, not the template's. */
const CODE_ELEMENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi

/** Astro's frontmatter fence at the start of the file. */
const FRONTMATTER = /^\s*---[ \t]*\r?\n[\s\S]*?\r?\n---/

/** A Vue attribute whose value is an expression: `:title`, `v-bind:x`, `@click`, `v-on:submit.prevent`, `v-if`, `v-model`, `#item`. */
const VUE_ATTRIBUTE = /(?<=\s)([:@#][\w:.[\]-]*|v-[\w:.[\]-]+)\s*=\s*("[^"]*"|'[^']*')/g

/** An event attribute: Vue's `@click`, `v-on:click`; Svelte's `on:click`, Svelte 5's and Astro's `onclick`. */
const EVENT_ATTRIBUTE = /^(?:@|v-on:|on:|on[a-z]+$)/

/** An attribute value that names a handler rather than calling one: `select`, `modalApi.open`. */
const HANDLER_NAME = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*$/

/** The keyword that opens a Svelte block tag: `#if`, `:else if`, `/each`, `@html`, `@const`, `#snippet`. */
const BLOCK_KEYWORD = /^\s*(?:[#/:@][a-z]+(?:\s+if\b)?)/

/** The attribute name written just before a `{` in a tag (`on:click=`, `onclick=`), if any. */
const ATTRIBUTE_BEFORE = /([\w:.-]+)\s*=\s*$/

/**
 * A component's tag: `<TodoList`, Vue's `<todo-list` too (Svelte and Astro read kebab-case tags as
 * custom elements), and Vue's one-word `<pagination` when the scripts import `Pagination`.
 */
const COMPONENT_TAG = /<([A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?=[\s/>])/g

/** HTML's and SVG's elements: a one-word lower-case tag that is one renders no component of the scripts. */
const ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del ' +
    'details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins ' +
    'kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s ' +
    'samp script search section select slot small source span strong style sub summary sup table tbody td template textarea tfoot th thead time title ' +
    'tr track u ul var video wbr svg path g circle rect line polyline polygon ellipse text tspan defs use symbol image mask pattern filter marker ' +
    'component transition keepalive teleport suspense'
  ).split(' '),
)

/** `todo-list` as `TodoList`. */
function pascalCase(tag: string): string {
  return tag.replace(/(?:^|-)([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

const SPACE = 32
const SEMICOLON = 59
const UTF16 = new TextDecoder('utf-16le')

/**
 * Writes `value` into `out` (UTF-16 code units) from `at`, after a `;` in the character before it
 * (a quote, a brace): each expression reads as a statement of its own, not as the words after the one before.
 */
function write(out: Uint16Array, at: number, value: string): void {
  if (at > 0 && out[at - 1] === SPACE) out[at - 1] = SEMICOLON
  for (let i = 0; i < value.length; i++) out[at + i] = value.charCodeAt(i)
}

/** The text of `out`. */
function textOf(out: Uint16Array): string {
  return UTF16.decode(out)
}

/** The offset of the `}` closing the `{` at `open`, skipping strings and nested braces; -1 when unclosed. */
function closingBrace(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1)
      if (end < 0) return -1
      i = end
    } else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return -1
}

/**
 * A handler named without a call (`@click="select"`, `on:click={toggle}`) as the call the
 * framework makes: `select()` written over the attribute itself, on its line (rows stay right).
 */
function handlerCall(out: Uint16Array, attributeStart: number, attributeText: string, value: string): boolean {
  const name = HANDLER_NAME.exec(value)?.[1]
  if (name === undefined || attributeText.includes('\n') || name.length + 3 > attributeText.length) return false
  write(out, attributeStart + 1, `${name}()`)
  return true
}

/** What {@link templateExpressions} reads of a component's markup. */
export interface TemplateExpressions {
  /** The component's text (same length and line breaks) holding only its markup's expressions. */
  readonly text: string
  /** Where a component tag was written as a call of the component (`<TodoList` as `TodoList()`). */
  readonly components: ReadonlySet<number>
}

/**
 * A copy of a component's text (same length and line breaks) holding only its markup's
 * expressions: Vue's `{{ ... }}` and the values of its bound attributes and directives (`.vue`);
 * the `{ ... }` of Svelte and Astro (block keywords such as `#each` blanked). An event
 * attribute that names its handler (`@click="select"`, `on:click={toggle}`) becomes a call of
 * it (`select()`), and so does a component's tag of the component (`<TodoList />`, Vue's
 * `<todo-list>`: `TodoList()`; Vue's one-word `<pagination>` when `imported('Pagination')` and it
 * is no HTML or SVG element). Scripts, styles and Astro's frontmatter are blank: the parse reads them.
 */
export function templateExpressions(text: string, path: string, imported: (name: string) => boolean = () => false): TemplateExpressions {
  const out = new Uint16Array(text.length).fill(SPACE)
  for (const breaks of ['\n', '\r']) for (let at = text.indexOf(breaks); at >= 0; at = text.indexOf(breaks, at + 1)) out[at] = breaks.charCodeAt(0)
  // (Code elements blanked in the copy the scan reads, so their braces are not the template's.)
  const source = text.replace(FRONTMATTER, blank).replace(CODE_ELEMENT, blank)
  if (path.endsWith('.vue')) {
    for (let open = source.indexOf('{{'); open >= 0; open = source.indexOf('{{', open + 2)) {
      const close = source.indexOf('}}', open + 2)
      if (close < 0) break
      write(out, open + 2, source.slice(open + 2, close))
      open = close
    }
    for (const match of source.matchAll(VUE_ATTRIBUTE)) {
      const [whole, name, quoted] = match as unknown as [string, string, string]
      const value = quoted.slice(1, -1)
      if (EVENT_ATTRIBUTE.test(name) && handlerCall(out, match.index, whole, value)) continue
      write(out, match.index + whole.length - quoted.length + 1, value)
    }
    const components = componentTags(source, out, true, imported)
    return { text: textOf(out), components }
  }
  for (let open = source.indexOf('{'); open >= 0; open = source.indexOf('{', open + 1)) {
    const close = closingBrace(source, open)
    if (close < 0) break
    const inner = source.slice(open + 1, close)
    const attribute = ATTRIBUTE_BEFORE.exec(source.slice(Math.max(0, open - 60), open))
    if (attribute && EVENT_ATTRIBUTE.test(attribute[1] as string)) {
      const start = open - attribute[0].length
      if (handlerCall(out, start, source.slice(start, close + 1), inner)) {
        open = close
        continue
      }
    }
    const keyword = BLOCK_KEYWORD.exec(inner)?.[0].length ?? 0
    write(out, open + 1 + keyword, inner.slice(keyword))
    // (Astro's `{items.map((i) => <li>{i}</li>)}`: the markup inside is read as the expression's text; its braces are in it.)
    open = close
  }
  const components = componentTags(source, out, false, imported)
  return { text: textOf(out), components }
}

/**
 * Writes each component tag of `markup` over its `<` and name as a call (`<TodoList ` as
 * `TodoList()`, which fits: the name is followed by a space, `/` or `>`); returns where.
 */
function componentTags(markup: string, out: Uint16Array, kebab: boolean, imported: (name: string) => boolean): Set<number> {
  const at = new Set<number>()
  for (const match of markup.matchAll(COMPONENT_TAG)) {
    const tag = match[1] as string
    const name = pascalCase(tag)
    if (/^[a-z]/.test(tag) && (tag.includes('-') ? !kebab : !kebab || ELEMENTS.has(tag) || !imported(name))) continue
    write(out, match.index, `${name}()`)
    at.add(match.index)
  }
  return at
}
