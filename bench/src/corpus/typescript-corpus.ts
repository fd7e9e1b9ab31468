import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import ts from 'typescript'
import type { CorpusFile, EvalCorpus, FunctionTarget } from './eval-corpus.js'
import { rxjsSourceDir, walkFiles } from './real-code.js'

type Callable = ts.FunctionDeclaration | ts.MethodDeclaration

/** Character ranges of every JSDoc comment (`/** ... *\/`) in the file. */
function jsDocRanges(file: ts.SourceFile): [number, number][] {
  const text = file.text
  const seen = new Map<number, number>()
  const visit = (node: ts.Node): void => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (range.kind === ts.SyntaxKind.MultiLineCommentTrivia && text.startsWith('/**', range.pos) && !text.startsWith('/**/', range.pos)) {
        seen.set(range.pos, range.end)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  visit(file.endOfFileToken)
  return [...seen.entries()].sort((a, b) => a[0] - b[0])
}

/** The text without its JSDoc comments; their line breaks stay, so line numbers do not move. */
export function stripJsDoc(file: ts.SourceFile): string {
  const text = file.text
  let out = ''
  let at = 0
  for (const [start, end] of jsDocRanges(file)) {
    if (start < at) continue
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]+/g, '')
    at = end
  }
  return out + text.slice(at)
}

function description(node: ts.Node): string {
  let best = ''
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    if (!ts.isJSDoc(doc)) continue
    const text = ts.getTextOfJSDocComment(doc.comment)?.trim() ?? ''
    if (text.length > best.length) best = text
  }
  return best
}

function nameOf(node: ts.Node): string | undefined {
  const name = (node as { name?: ts.Node }).name
  if (name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name))) return name.text
  return undefined
}

/** Names of the classes, functions and namespaces around `node`, outermost first. */
function trail(node: ts.Node): string[] {
  const names: string[] = []
  for (let p = node.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isClassLike(p) || ts.isFunctionLike(p) || ts.isModuleDeclaration(p)) {
      const name = nameOf(p)
      if (name) names.unshift(name)
    }
  }
  return names
}

/**
 * Documented functions and methods of one file. Overloads and their implementation form one
 * target spanning from the first signature to the end of the body; the documentation is the
 * implementation's, or the longest one among the signatures when the implementation has none.
 */
function functionsOf(file: ts.SourceFile, path: string): FunctionTarget[] {
  const groups = new Map<string, Callable[]>()
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && nameOf(node)) {
      const key = `${node.parent.pos}:${trail(node).join('.')}.${nameOf(node)}`
      groups.set(key, [...(groups.get(key) ?? []), node])
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  const out: FunctionTarget[] = []
  for (const decls of groups.values()) {
    const implementation = decls.find((d) => d.body !== undefined)
    if (!implementation) continue
    let docstring = description(implementation)
    if (!docstring) for (const d of decls) if (description(d).length > docstring.length) docstring = description(d)
    if (!docstring) continue
    const line = (pos: number): number => file.getLineAndCharacterOfPosition(pos).line + 1
    const name = nameOf(implementation)!
    out.push({
      file: path,
      name,
      qname: [...trail(implementation), name].join('.'),
      startLine: Math.min(...decls.map((d) => line(d.getStart(file)))),
      endLine: Math.max(...decls.map((d) => line(d.getEnd()))),
      docstring,
    })
  }
  return out
}

/**
 * The TypeScript sources of rxjs (the version bench depends on) as an evaluation corpus: the
 * TypeScript compiler API finds every function and method with JSDoc, and every JSDoc comment is
 * blanked in the indexed copy (line breaks kept). `.d.ts` files are left out.
 *
 * @param maxFiles keep only the first files in path order (smoke runs).
 */
export function loadTypeScriptCorpus(maxFiles?: number): EvalCorpus {
  const root = rxjsSourceDir()
  const version = (JSON.parse(readFileSync(`${root}/../package.json`, 'utf8')) as { version: string }).version
  let paths = walkFiles(root, (p) => p.endsWith('.ts') && !p.endsWith('.d.ts'))
  if (maxFiles !== undefined) paths = paths.slice(0, maxFiles)
  const files: CorpusFile[] = []
  const functions: FunctionTarget[] = []
  for (const full of paths) {
    const path = relative(root, full)
    const source = ts.createSourceFile(path, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
    files.push({ path, content: stripJsDoc(source) })
    functions.push(...functionsOf(source, path))
  }
  return {
    name: 'rxjs',
    language: 'typescript',
    description: `rxjs ${version} TypeScript sources (${files.length} files), JSDoc blanked`,
    files,
    functions,
  }
}
