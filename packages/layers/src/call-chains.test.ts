import { describe, expect, it } from 'vitest'
import { chainHead, isCallChain, typeOfCallChain, type ChainSteps } from './call-chains.js'

/** Steps that write what they were given: the value of a chain is the path of its typing. */
function tracing(calls: string[]): ChainSteps<string> {
  return {
    head: (callee, last) => (calls.push(`head ${callee}`), `${callee}${last ? '!' : ''}`),
    link: (on, name, last) => (calls.push(`link ${name}`), name === 'none' ? undefined : `${on}>${name}${last ? '!' : ''}`),
    tried: (on) => `${on}?`,
  }
}

describe('typeOfCallChain', () => {
  it('types the head, then each link on the value before, `?` after a call, the last call marked', () => {
    const calls: string[] = []
    expect(typeOfCallChain('Command::new().about()?.arg()', tracing(calls), new Map(), '')).toBe('Command::new>about?>arg!')
    expect(typeOfCallChain('await repo.GetAsync()', tracing(calls), new Map(), '')).toBe('repo.GetAsync!')
    expect(typeOfCallChain('ToStringBuilder::new().append().none().build()', tracing(calls), new Map(), '')).toBeUndefined()
  })

  it('works out each prefix once per memo and scope; an awaited chain apart from the same one not awaited', () => {
    const calls: string[] = []
    const memo = new Map<string, string | null>()
    typeOfCallChain('B::new().with().build()', tracing(calls), memo, 'a')
    typeOfCallChain('B::new().with().get()', tracing(calls), memo, 'a')
    typeOfCallChain('B::new().with()', tracing(calls), memo, 'b')
    typeOfCallChain('await B::new().with()', tracing(calls), memo, 'b')
    expect(calls).toEqual(['head B::new', 'link with', 'link build', 'link get', 'head B::new', 'link with', 'link with'])
  })

  it('reads no other receiver type', () => {
    expect(isCallChain('Command::new().about()')).toBe(true)
    expect(isCallChain('cli().try_get_matches()?')).toBe(true)
    expect(isCallChain('ToStringBuilder')).toBe(false)
    expect(isCallChain("FileFacts['calls']")).toBe(false)
    expect(chainHead('cli()?')).toEqual({ callee: 'cli', linked: true })
    expect(chainHead('a.b()')).toEqual({ callee: 'a.b', linked: false })
  })
})
