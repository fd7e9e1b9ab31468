import { describe, expect, it } from 'vitest'
import { maskCode } from './mask-code.js'
import { CSHARP_SYNTAX, C_SYNTAX, JAVASCRIPT_SYNTAX, PHP_SYNTAX, PYTHON_SYNTAX, RUBY_SYNTAX, RUST_SYNTAX } from './syntaxes.js'

/** What survives masking, with runs of blanks shown as one `_`. */
const code = (masked: string): string => masked.replace(/ +/g, '_')

describe('maskCode', () => {
  it('keeps offsets and line breaks, blanks comments and string contents, keeps the quotes', () => {
    const text = 'f("a(b)") // g(x)\n/* h(\n */ k(\'c\')\n'
    const masked = maskCode(text, JAVASCRIPT_SYNTAX)
    expect(masked).toHaveLength(text.length)
    expect(masked.split('\n')).toHaveLength(text.split('\n').length)
    expect(code(masked)).toBe('f("_")_\n_\n_k(\'_\')\n')
  })

  it('keeps template literal interpolations as code, nested ones too', () => {
    expect(code(maskCode('`a ${f(`b ${g()}`)} c(x)` + h()', JAVASCRIPT_SYNTAX))).toBe('`_${f(`_${g()}`)}_`_+_h()')
  })

  it('tells regular expression literals from division', () => {
    expect(code(maskCode('x = a / b / c; y = /f(\\/)[/]/g.test(s); return /z(/.exec(t)', JAVASCRIPT_SYNTAX))).toBe(
      'x_=_a_/_b_/_c;_y_=_/_/g.test(s);_return_/_/.exec(t)',
    )
  })

  it('reads Python triple-quoted strings and # comments', () => {
    expect(code(maskCode('def f():\n    """doc f(x)\n    g()"""\n    h("#") # k()\n', PYTHON_SYNTAX))).toBe('def_f():\n_"""_\n_"""\n_h("_")_\n')
  })

  it('keeps the expressions of Python f-string fields as code, and blanks their literal parts, specs and inner strings', () => {
    const text = 'x = f"a(b) {_fmt(self.deprecated)} {{c(d)}} {v!r:>{w}} {d[\'k(\']} \\N{BULLET}"\ny = g()\n'
    expect(code(maskCode(text, PYTHON_SYNTAX))).toBe('x_=_f"_{_fmt(self.deprecated)}_{v_}_{d[\'_\']}_"\ny_=_g()\n')
    expect(code(maskCode("s = rf'''\n{h(1)}\n''' + F'{k()!s}' + b'{n()}'", PYTHON_SYNTAX))).toBe("s_=_rf'''\n{h(1)}\n'''_+_F'{k()_}'_+_b'_'")
    // `if"` is no f-string prefix; an unterminated field ends with its line.
    expect(code(maskCode('a = 1 if"x" else f"{m(\nz()', PYTHON_SYNTAX))).toBe('a_=_1_if"_"_else_f"{m(\nz()')
  })

  it('reads Rust raw strings, byte strings, chars and nested comments, and leaves lifetimes alone', () => {
    const text = "let s = r#\"f(\"x\")\"#; let c = '('; fn a<'a>(x: &'a str) {} /* g( /* h( */ k( */ m(b'(')"
    expect(code(maskCode(text, RUST_SYNTAX))).toBe("let_s_=_r#\"_\"#;_let_c_=_'_';_fn_a<'a>(x:_&'a_str)_{}_m(b'_')")
  })

  it('reads C++ raw strings, C# verbatim strings, PHP heredocs and #[attributes], Ruby heredocs', () => {
    expect(code(maskCode('auto s = R"x(f("y"))x"; g();', C_SYNTAX))).toBe('auto_s_=_R"x(_)x";_g();')
    expect(code(maskCode('var p = @"C:\\f("""")"; g();', CSHARP_SYNTAX))).toBe('var_p_=_@"_";_g();')
    expect(code(maskCode("#[Route('/x')]\n$a = <<<EOT\nf(1)\nEOT;\ng(); # h()\n", PHP_SYNTAX))).toBe("#[Route('_')]\n$a_=_<<<EOT\n_\nEOT;\ng();_\n")
    expect(code(maskCode('s = <<~SQL\n  select f(x)\nSQL\nrun(s) # t()\n', RUBY_SYNTAX))).toBe('s_=_<<~SQL\n_\nSQL\nrun(s)_\n')
  })

  it('never throws on unterminated input; the rest is blank', () => {
    expect(code(maskCode('f("abc', JAVASCRIPT_SYNTAX))).toBe('f("_')
    expect(code(maskCode('g() /* open', JAVASCRIPT_SYNTAX))).toBe('g()_')
    expect(code(maskCode('`a ${b', JAVASCRIPT_SYNTAX))).toBe('`_${b')
  })
})
