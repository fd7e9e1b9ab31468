import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

// outline/outline's shape: a class of the project defines `focus`, `append`, `text` and `getItem`,
// the names of the browser's own methods that its components call on elements, refs and responses.
const EDITOR = [
  'export default class Editor {',
  '  focus() {}',
  '  append(text: string) {}',
  '  text() {}',
  '  getItem(key: string) {}',
  '}',
].join('\n')

describe("calls on the browser's values", () => {
  it("leave the project's methods alone: elements, typed refs, responses and storage are the browser's", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/editor/index.tsx': EDITOR,
        'app/components/Search.tsx': [
          'import * as React from "react";',
          'import { useRef } from "react";',
          '',
          'export function Search(anchor: HTMLAnchorElement) {',
          '  const inputRef = React.useRef<HTMLInputElement>(null);',
          '  const listRef = useRef<HTMLDivElement | null>(null);',
          '  inputRef.current?.focus();',
          '  listRef.current.append("x");',
          '  anchor.focus();',
          '  sessionStorage.getItem("last");',
          '  return null;',
          '}',
          '',
          'export async function load(url: string) {',
          '  const response = await fetch(url);',
          '  const input = document.querySelector("#q");',
          '  input.focus();',
          '  return response.text();',
          '}',
        ].join('\n'),
      }),
    )
    const calls = callsOf(graph, 'app/components/Search.tsx').map((call) => call.trim())
    expect(calls.filter((call) => !/^(?:React\.|useRef|fetch|document\.)/.test(call))).toEqual([
      'inputRef.current.focus -> external',
      'listRef.current.append -> external',
      'anchor.focus -> external',
      'sessionStorage.getItem -> external',
      'input.focus -> external',
      'response.text -> external',
    ])
  })

  it("resolve a ref's calls to the project's class it holds, in a function and in a class component's field", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/editor/index.tsx': EDITOR,
        'app/scenes/Document.tsx': [
          'import * as React from "react";',
          'import Editor from "../editor";',
          '',
          'export function DocumentScene() {',
          '  const editorRef = React.useRef<Editor>(null);',
          '  editorRef.current?.focus();',
          '  return null;',
          '}',
          '',
          'export class Comments extends React.Component {',
          '  private editor = React.createRef<Editor>();',
          '',
          '  handleClick() {',
          '    this.editor.current?.getItem("draft");',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'app/scenes/Document.tsx').filter((call) => call.includes('.current'))).toEqual([
      'editorRef.current.focus -> resolved app/editor/index.tsx#Editor.focus',
      'this.editor.current.getItem -> resolved app/editor/index.tsx#Editor.getItem',
    ])
  })
})
