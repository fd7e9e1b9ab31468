import { describe, expect, it } from 'vitest'
import { parameterTypeAt } from './parameter-types.js'

describe('parameterTypeAt', () => {
  it("reads the class a signature's parameter at a position is annotated with, and nothing else", () => {
    const signature = 'declaration(node: SyntaxNode, type: string, scope?: models.Scope<Map<string, T>>, api: WalkApi, ...rest: Item[]): boolean'
    expect([0, 1, 2, 3, 4, 5].map((position) => parameterTypeAt(signature, position))).toEqual(['SyntaxNode', undefined, 'models.Scope', 'WalkApi', undefined, undefined])
    expect(parameterTypeAt('run<T extends Base>(task: Task, done: (error: Error) => void = noop)', 0)).toBe('Task')
    expect(parameterTypeAt('run(either: Left | Right)', 0)).toBeUndefined()
    expect(parameterTypeAt('type Alias', 0)).toBeUndefined()
  })
})
