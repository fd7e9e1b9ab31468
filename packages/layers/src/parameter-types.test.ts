import { describe, expect, it } from 'vitest'
import { callbackParameterTypeAt, parameterTypeAt } from './parameter-types.js'

describe('parameterTypeAt', () => {
  it("reads the class a signature's parameter at a position is annotated with, and nothing else", () => {
    const signature = 'declaration(node: SyntaxNode, type: string, scope?: models.Scope<Map<string, T>>, api: WalkApi, ...rest: Item[]): boolean'
    expect([0, 1, 2, 3, 4, 5].map((position) => parameterTypeAt(signature, position))).toEqual(['SyntaxNode', undefined, 'models.Scope', 'WalkApi', undefined, undefined])
    expect(parameterTypeAt('run<T extends Base>(task: Task, done: (error: Error) => void = noop)', 0)).toBe('Task')
    expect(parameterTypeAt('run(either: Left | Right)', 0)).toBeUndefined()
    expect(parameterTypeAt('type Alias', 0)).toBeUndefined()
  })
})

describe('callbackParameterTypeAt', () => {
  it("reads the class a function-typed parameter's own parameter is annotated with, past a `this` parameter", () => {
    const signature = 'async function withIndex(context: CommandContext, work: (index: OpenIndex, root: string) => Promise<number>): Promise<number>'
    expect([0, 1].map((position) => callbackParameterTypeAt(signature, 1, position))).toEqual(['OpenIndex', undefined])
    expect(callbackParameterTypeAt('constructor(subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic)', 0, 0)).toBe('Subscriber')
    expect(callbackParameterTypeAt('run<T>(init: <R>(source: Source<T>) => R)', 0, 0)).toBe('Source')
    // Not a function type: no callback's parameters.
    expect(callbackParameterTypeAt('withIndex(context: CommandContext, work: Work)', 1, 0)).toBeUndefined()
    expect(callbackParameterTypeAt('withIndex(context: CommandContext)', 1, 0)).toBeUndefined()
  })
})
