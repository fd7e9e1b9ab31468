import type { FileLayers, SymbolRecord } from '@rag/core'
import { isBuiltin } from './builtins.js'
import { packagePeers } from './package-members.js'
import type { SymbolIndex } from './symbol-index.js'

/** The kinds of Go's type declarations (`type X struct`, `type X interface`, `type X int`). */
const GO_TYPE_KINDS = new Set(['interface', 'struct', 'type'])

/** A named type as Go writes it, pointer dropped: `BindingBody`, `*Engine`, `http.Client`. */
const TYPE = '\\*?((?:[a-z_]\\w*\\.)?[A-Za-z_]\\w*)'
/** `JSON BindingBody = jsonBinding{}`, `client http.Client`: the declared type. */
const DECLARED = new RegExp(`^[A-Za-z_]\\w*\\s+${TYPE}\\s*(?:=|$)`)
/** `Default = &Engine{...}`: the type of the composite literal. */
const LITERAL = new RegExp(`^[A-Za-z_]\\w*\\s*=\\s*&?${TYPE}\\s*\\{`)
/** `router = New()`, `client = http.NewClient(cfg)`: the callee, when the call ends the line. */
const CALLED = /^[A-Za-z_]\w*\s*=\s*((?:[a-z_]\w*\.)?[A-Za-z_]\w*)\s*\(/

/** Whether the call whose `(` is at `open` ends the text (`New()`, not `New().Use(x)`). */
function callEnds(text: string, open: number): boolean {
  let depth = 0
  for (let at = open; at < text.length; at++) {
    const c = text[at]
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return text.slice(at + 1).trim() === ''
  }
  return false
}

/** The type a Go variable's one-line declaration gives it (a signature `name Type = ...`, `name = &Type{}`, `name = f()` as `f()`). */
function typeOfDeclaration(signature: string): string | undefined {
  const declared = DECLARED.exec(signature)?.[1] ?? LITERAL.exec(signature)?.[1]
  if (declared !== undefined) return isBuiltin('go', declared) ? undefined : declared
  const called = CALLED.exec(signature)
  return called && callEnds(signature, called[0].length - 1) ? `${called[1]}()` : undefined
}

/**
 * The type of a package-level Go variable a call's receiver names (`binding.JSON.Bind()` inside
 * package `binding`, whose `binding.go` declares `JSON BindingBody = jsonBinding{}`): declared in
 * the calling file or another file of its package (directory), read from the variable's
 * signature. `undefined` when no such variable is declared, or its declaration says no type.
 * A local of the calling code with the name is typed by the extraction (`RawEdge.receiverType`),
 * which resolution reads first.
 */
export function goVariableType(receiver: string, file: FileLayers, index: SymbolIndex): string | undefined {
  for (const path of [file.path, ...packagePeers(file, index)]) {
    if (path !== file.path && index.file(path)?.language !== 'go') continue
    const variable = index.topLevel(path, receiver)
    if (variable !== undefined && (variable.kind === 'variable' || variable.kind === 'constant')) return typeOfDeclaration(variable.signature)
  }
  return undefined
}

/** A Go local copying a package-level variable, as the extraction writes its type: `typeof Form` of `b := Form`. */
const COPIED_VARIABLE = /^typeof ([A-Za-z_]\w*)$/

/**
 * A Go call's receiver type as resolution reads it: for a local copying a package-level variable
 * (`b := Form`, written `typeof Form`), the variable's type ({@link goVariableType}; `undefined`
 * when the package declares no such variable with a type); any other type as it is.
 */
export function goReceiverType(receiverType: string | undefined, file: FileLayers, index: SymbolIndex): string | undefined {
  const copied = receiverType === undefined ? undefined : COPIED_VARIABLE.exec(receiverType)?.[1]
  return copied === undefined ? receiverType : goVariableType(copied, file, index)
}

/** The type `name` that the Go file's package declares (in it or another file of its directory), if it is one. */
export function goPackageType(name: string, file: FileLayers, index: SymbolIndex): SymbolRecord | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined
  for (const path of [file.path, ...packagePeers(file, index)]) {
    const symbol = index.topLevel(path, name)
    if (symbol !== undefined) return GO_TYPE_KINDS.has(symbol.kind) && index.file(path)?.language === 'go' ? symbol : undefined
  }
  return undefined
}
