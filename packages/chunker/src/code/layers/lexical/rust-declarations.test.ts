import { describe, expect, it } from 'vitest'
import { maskCode } from './mask-code.js'
import { rustTypedDeclarations } from './rust-declarations.js'
import { RUST_SYNTAX } from './syntaxes.js'

const typed = (code: string): string[] => rustTypedDeclarations(maskCode(code, RUST_SYNTAX)).map((d) => `${d.name}: ${d.type}`)

describe('rustTypedDeclarations', () => {
  it('reads annotated lets, values built by a constructor or a struct literal, and typed parameters of functions and closures', () => {
    const code = [
      'fn build(cmd: &mut Command, name: &str, p: Parser) -> Command {',
      '    let app = Command::new("x");',
      '    let mut arg = Arg::with_name("y")?;',
      '    let g: ArgGroup = ArgGroup::new("g");',
      '    let pt = Point { x: 1, y: 2 };',
      '    let f = |a: &Arg, b: usize| a.get_id();',
      '    let o = crate::builder::Os::default();',
      '    app',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['cmd: Command', 'p: Parser', 'app: Command', 'arg: Arg', 'g: ArgGroup', 'pt: Point', 'a: Arg', 'o: Os'])
  })

  it('reads no value a chain goes on from, no generic or Self type, nothing in strings or comments', () => {
    const code = [
      'fn run() {',
      '    let m = Command::new("x").get_matches();',
      '    let v: Vec<Arg> = vec![];',
      '    let s = Self::new();',
      '    let t = "let q = Query::new();"; // let r: Row = x;',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual([])
  })
})
