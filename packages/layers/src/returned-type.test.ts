import { describe, expect, it } from 'vitest'
import { returnedType } from './returned-type.js'

describe('returnedType', () => {
  it.each([
    ['export async function openIndex(root: string, options: Options = {}): Promise<OpenIndex> {', 'typescript', 'OpenIndex'],
    ['function make(cb: (x: number) => void): Builder<T> {', 'typescript', 'Builder'],
    ['static create(): models.User', 'typescript', 'models.User'],
    ['function count(): number {', 'typescript', undefined],
    ['def get_command(self, ctx: Context, name: str) -> Command | None:', 'python', 'Command'],
    ['def parent(self) -> "Context":', 'python', 'Context'],
    ['def find(self) -> t.Optional[Command]:', 'python', 'Command'],
    ['def names(self) -> List[str]:', 'python', undefined],
    ['def plain(self):', 'python', undefined],
    ['def frame(self) -> DebugFrameSummary | _ConsoleFrame:', 'python', undefined],
    ['func Open() *DB', 'go', undefined],
  ])('reads %j (%s) as %s', (signature, language, type) => {
    expect(returnedType(signature, language)).toBe(type)
  })
})
