import { describe, expect, it } from 'vitest'
import { pythonTypedDeclarations, typedDeclarations } from './declared-receivers.js'

describe('typedDeclarations', () => {
  it('reads locals and fields annotated with a class type, made by `new` or holding a call\'s value, the annotation first', () => {
    const code = [
      'class Stream {',
      '  readonly #index = new InvertedIndex<Doc>()',
      '  private store?: Store',
      '  cache: Base = new Derived()',
      '  count = 0',
      '  run() {',
      '    const c = new Cache()',
      '    let db: Database.Database',
      '    const n: number = 1',
      '    const pool = await new Pool()',
      '    const index = await openIndex(root)',
      '    const built = this.build()',
      '  }',
      '}',
    ].join('\n')
    expect(typedDeclarations(code).map(({ name, type, offset }) => `${name}: ${type} @${code.slice(offset, offset + name.length) === name}`)).toEqual([
      '#index: InvertedIndex @true',
      'store: Store @true',
      'cache: Base @true',
      'c: Cache @true',
      'db: Database.Database @true',
      'pool: Pool @true',
      'index: openIndex() @true',
      'built: this.build() @true',
    ])
  })

  it("reads Python's names and self attributes annotated with a class, made by calling one, or holding a call's value", () => {
    const code = [
      'class Client:',
      '    def __init__(self, repo: Repo):',
      '        self.session = Session()',
      '        self.parser = argparse.ArgumentParser(prog="x")',
      '        self.count = 0',
      '        self.repo = repo',
      '    def run(self):',
      '        cache: Cache = make_cache()',
      '        result = compute()',
    ].join('\n')
    expect(pythonTypedDeclarations(code).map(({ name, type }) => `${name}: ${type}`)).toEqual([
      'self.session: Session',
      'self.parser: ArgumentParser',
      'cache: Cache',
      // What a call returns: the callee, for resolution to read its return annotation.
      'result: compute()',
    ])
  })
})
