import { describe, expect, it } from 'vitest'
import { jvmCallChains } from './jvm-call-chains.js'
import { maskCode } from './mask-code.js'
import { CSHARP_SYNTAX, JAVA_SYNTAX } from './syntaxes.js'

/** The chain before each call of `name` in the code, in order. */
function chainsOf(code: string, name: string, types: Record<string, string> = {}, syntax = JAVA_SYNTAX): (string | undefined)[] {
  const masked = maskCode(code, syntax)
  const chains = jvmCallChains(masked, (value) => types[value])
  const out: (string | undefined)[] = []
  for (const match of masked.matchAll(new RegExp(`\\b${name}\\s*(?:<[^<>()]*>\\s*)?\\(`, 'g'))) out.push(chains.at(match.index))
  return out
}

describe('jvmCallChains', () => {
  it('reads a builder chain from a `new`, link by link', () => {
    const code = 'return new ToStringBuilder(this, style)\n  .append("a", a)\n  .append("b", new int[] {1})\n  .toString();'
    expect(chainsOf(code, 'append')).toEqual(['ToStringBuilder::new()', 'ToStringBuilder::new().append()'])
    expect(chainsOf(code, 'toString')).toEqual(['ToStringBuilder::new().append().append()'])
  })

  it('starts a chain at a qualified or generic `new`, a call of a name, a dotted callee, or a method of a typed name', () => {
    expect(chainsOf('new java.util.ArrayList<String>(n).stream().map(f);', 'map')).toEqual(['ArrayList::new().stream()'])
    expect(chainsOf('x = builder().add(1).build();', 'build')).toEqual(['builder().add()'])
    expect(chainsOf('StringUtils.join(a).trim();', 'trim')).toEqual(['StringUtils.join()'])
    expect(chainsOf('this.helper.create(x).run();', 'run')).toEqual(['this.helper.create()'])
    expect(chainsOf('sb.append(a).append(b);', 'append', { sb: 'StringBuilder' })).toEqual([undefined, 'StringBuilder::append()'])
    expect(chainsOf('m.get(a).foo();', 'foo', { m: 'Foo::new().with()' })).toEqual(['Foo::new().with().get()'])
    expect(chainsOf('Stream.<String>of(a).count();', 'count')).toEqual(['Stream.of()'])
  })

  it("reads C#'s type arguments, null-conditional and null-forgiving links", () => {
    const code = 'builder.Property(x => x.Name).IsRequired()?.HasMaxLength(50)!.Cast<Foo>().First();'
    const types = { builder: 'EntityTypeBuilder' }
    expect(chainsOf(code, 'HasMaxLength', types, CSHARP_SYNTAX)).toEqual(['EntityTypeBuilder::Property().IsRequired()'])
    expect(chainsOf(code, 'First', types, CSHARP_SYNTAX)).toEqual(['EntityTypeBuilder::Property().IsRequired().HasMaxLength().Cast()'])
  })

  it('reads no cast, parenthesized value, element, anonymous class, keyword or field of a call', () => {
    expect(chainsOf('((Foo) x).run();', 'run')).toEqual([undefined])
    expect(chainsOf('(await repo.GetAsync(id)).Run();', 'Run')).toEqual([undefined])
    expect(chainsOf('items[0].get().run();', 'run')).toEqual([undefined])
    expect(chainsOf('new Foo() { void a() {} }.run();', 'run')).toEqual([undefined])
    expect(chainsOf('if (ok).run();', 'run')).toEqual([undefined])
    expect(chainsOf('a().field.run();', 'run')).toEqual([undefined])
  })

  it('gives the chain a `var` holds and where it starts', () => {
    const code = 'var m = new B(x).with(y);'
    const chains = jvmCallChains(maskCode(code, JAVA_SYNTAX), () => undefined)
    expect(chains.endingAt(code.length - 2)).toEqual({ chain: 'B::new().with()', start: 8 })
  })
})
