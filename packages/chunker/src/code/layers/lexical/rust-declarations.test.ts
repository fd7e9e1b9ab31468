import { describe, expect, it } from 'vitest'
import { maskCode } from './mask-code.js'
import { rustTypedDeclarations } from './rust-declarations.js'
import { RUST_SYNTAX } from './syntaxes.js'

/** The typed declarations (an untyped `let` only hides: see the last test). */
const typed = (code: string): string[] =>
  rustTypedDeclarations(maskCode(code, RUST_SYNTAX))
    .filter((d) => d.type !== '')
    .map((d) => `${d.name}: ${d.type}`)

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

  it('types a value a chain goes on from by the chain, not by its constructor; no generic or Self type, nothing in strings or comments', () => {
    const code = [
      'fn run() {',
      '    let m = Command::new("x").get_matches();',
      '    let v: Vec<Arg> = vec![];',
      '    let s = Self::new();',
      '    let t = "let q = Query::new();"; // let r: Row = x;',
      '}',
    ].join('\n')
    // `m` holds what `get_matches` returns, `s` what `Self::new` does (the layers read both through the signatures).
    expect(typed(code)).toEqual(['m: Command::new().get_matches()', 's: Self::new()'])
  })

  it('types a name by the chain of calls its value is, from the end of its statement, and not by a chain inside its value', () => {
    const code = [
      'fn run(cmd: Command) {',
      '    let m = cmd.get_matches();',
      '    let n = Command::new("x").about("y").get_matches_from(vec!["x"]);',
      '    let o = m.value_of("x").map(|s| s.len());',
      '    let p = 1 + count().max(2);',
      '    let q = |a| a.run().go();',
      '    let mut r = &mut self.cmd.get_keymap();',
      '}',
    ].join('\n')
    const declarations = rustTypedDeclarations(maskCode(code, RUST_SYNTAX))
    // `cmd`'s type starts the chains of `m` and of `o` (through `m`).
    expect(declarations.filter((d) => d.type !== '').map((d) => `${d.name}: ${d.type}`)).toEqual([
      'cmd: Command',
      'm: Command::get_matches()',
      'n: Command::new().about().get_matches_from()',
      'o: Command::get_matches().value_of().map()',
      'r: self.cmd.get_keymap()',
    ])
    expect(declarations[2]!.from).toBe(code.indexOf(';', code.indexOf('let n')))
  })

  it('types a chain on a name by its declaration only in the same function, with nothing binding the name again between', () => {
    const code = [
      'fn one(cmd: Command) {',
      '    let tried = cmd.try_get_matches()?;',
      '    if let Some(cmd) = sub { let a = cmd.get_matches(); }',
      '}',
      'fn two() {',
      '    let b = cmd.get_matches().unwrap();',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['cmd: Command', 'tried: Command::try_get_matches()?'])
  })

  it("ends a let's scope with its block: the name after the block is another's", () => {
    const code = [
      'fn run(cmd: Command) {',
      '    if verbose {',
      '        let m: ArgMatches = cmd.get_matches();',
      '        let cmd = Arg::new("x");',
      '        m.get_flag("v");',
      '    }',
      '    let n = cmd.get_matches();',
      '    m.get_one("w");',
      '}',
    ].join('\n')
    const declarations = rustTypedDeclarations(maskCode(code, RUST_SYNTAX))
    const block = code.indexOf('}')
    expect(declarations.filter((d) => d.type !== '').map((d) => `${d.name}: ${d.type}${d.until === undefined ? '' : ` until ${d.until === block ? 'the block' : d.until}`}`)).toEqual([
      'cmd: Command',
      'm: ArgMatches until the block',
      'cmd: Arg until the block',
      // After the block, `cmd` is the parameter again.
      'n: Command::get_matches() until ' + code.lastIndexOf('}'),
    ])
  })

  it('types a let whose value is a chain on the name it shadows (`let m = m.unwrap();`)', () => {
    const code = ['fn run(cmd: Command) {', '    let m = cmd.try_get_matches();', '    assert!(m.is_ok());', '    let m = m.unwrap();', '}'].join('\n')
    expect(typed(code)).toEqual(['cmd: Command', 'm: Command::try_get_matches()', 'm: Command::try_get_matches().unwrap()'])
  })

  it('hides a typed name behind a later untyped let of it, from the end of that let (its value still reads the typed one), and copies a name a let copies', () => {
    const code = ['fn run() {', '    let cmd = Command::new("x");', '    let cmd = cmd.clone_it(other);', '    cmd.run();', '    let n: usize = 1;', '}'].join('\n')
    const declarations = rustTypedDeclarations(maskCode(code, RUST_SYNTAX))
    // The declaration of `name` in scope at the call written `call`, nearest first.
    const typeAt = (name: string, call: string): string | undefined => {
      const at = code.indexOf(call)
      return declarations.filter((d) => d.name === name && (d.from ?? d.offset) < at && (d.until === undefined || d.until >= at)).at(-1)?.type
    }
    expect(typeAt('cmd', 'cmd.clone_it')).toBe('Command')
    expect(typeAt('cmd', 'cmd.run')).toBe('')
    // A copy of a name is typed as that name is (by the receiver finder, which follows `copies`).
    const copy = rustTypedDeclarations(maskCode('fn f() {\n    let cmd = Command::new("x");\n    let mut app = cmd;\n}', RUST_SYNTAX)).find((d) => d.name === 'app')
    expect(copy).toMatchObject({ type: '', copies: 'cmd' })
  })
})
