import { describe, expect, it } from 'vitest'
import { goTypedDeclarations } from './go-declarations.js'
import { maskCode } from './mask-code.js'
import { GO_SYNTAX } from './syntaxes.js'

const typed = (code: string): string[] => goTypedDeclarations(maskCode(code, GO_SYNTAX)).map((d) => `${d.name}: ${d.type}`)

describe('goTypedDeclarations', () => {
  it('reads vars, composite literals, the results of a call that ends its statement, and typed parameters of functions and closures', () => {
    const code = [
      'func New(opts ...OptionFunc) *Engine {',
      '\tengine := &Engine{trees: nil}',
      '\trs := todosResource{}',
      '\tanon := struct{ a int }{1}',
      '\tvar w Writer',
      '\trouter := New()',
      '\tc, _ := CreateTestContext(w)',
      '\treq, err := http.NewRequest("GET", "/", nil)',
      '\trouter.GET("/", func(c *Context) { c.JSON(200, nil) })',
      '\treturn engine',
      '}',
      'func (e *Engine) Handle(w http.ResponseWriter, a, b *Request, n int) error {}',
    ].join('\n')
    expect(typed(code)).toEqual([
      'engine: Engine',
      'rs: todosResource',
      'anon: ',
      'w: Writer',
      'router: New()',
      'c: CreateTestContext()',
      'req: http.NewRequest()',
      // The call's other results: what resolution reads of the callee's result list.
      'err: http.NewRequest()[1]',
      'c: Context',
      'w: http.ResponseWriter',
      'a: Request',
      'b: Request',
    ])
  })

  it("reads the package's own unexported types, and no predeclared type", () => {
    const code = [
      'func (n *node) insert(child *node, depth int, name string) {',
      '\ttree := &node{}',
      '\tvar t methodTree',
      '\tvar count int',
      '\ttrees := methodTrees{}',
      '\tx := struct{ a int }{a: 1}',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['child: node', 'tree: node', 't: methodTree', 'count: ', 'trees: methodTrees', 'x: '])
  })

  it("types the parameters of a closure a short declaration holds (gin's and fiber's `handler := func(w http.ResponseWriter, ...)`)", () => {
    const code = ['func TestX(t *testing.T) {', '\thandler := func(w http.ResponseWriter, r *http.Request) {', '\t\tw.Header().Set("X", r.Method)', '\t}', '}'].join('\n')
    expect(typed(code)).toEqual(['t: testing.T', 'handler: ', 'w: http.ResponseWriter', 'r: http.Request'])
  })

  it("types the parameters of a function or closure whose results are a list (echo's `func(c *echo.Context) (err error) {`)", () => {
    const code = ['func (e *Echo) Start(addr *Addr) (err error) {', '\treturn func(c *echo.Context) (n int, err error) {', '\t\treturn c.Next()', '\t}', '}'].join('\n')
    expect(typed(code)).toEqual(['addr: Addr', 'c: echo.Context'])
  })

  it("ends a closure's parameters with its body (chi's `r := NewRouter()` after `func(w, r *http.Request) {}`)", () => {
    const code = ['func TestWalk(t *testing.T) {', '\tr := NewRouter()', '\thandler := func(w http.ResponseWriter, r *http.Request) {}', '\tr.Route("/foo", nil)', '}'].join('\n')
    const masked = maskCode(code, GO_SYNTAX)
    const declarations = goTypedDeclarations(masked)
    const call = code.indexOf('r.Route')
    // The nearest declaration of `r` in scope at the call: `NewRouter()`'s, not the closure's parameter.
    const inScope = declarations.filter((d) => d.name === 'r' && d.offset < call && (d.until === undefined || d.until >= call))
    expect(inScope.at(-1)?.type).toBe('NewRouter()')
  })

  it('types no call inside a longer value, builtin call or function type, and hides an outer name behind any other short declaration', () => {
    const code = [
      'func (c *Context) Stream(step func(w io.Writer) bool) bool {',
      '\tn := New().Use(x) + 1',
      '\tm := make(map[string]int)',
      '\tw := c.Writer',
      '\tfor _, item := range items {',
      '\t}',
      '\ts := "x := Foo{}" // y := Bar{}',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['n: ', 'm: ', 'w: ', 'item: ', 's: '])
  })

  it('ends a local with its block, and names an if, for or switch header declares with the statement and its else branches', () => {
    const code = [
      'func run(w http.ResponseWriter) {',
      '\tif c := NewClient(); c != nil {',
      '\t\tc.Do()',
      '\t} else if d := NewDialer(); d != nil {',
      '\t\td.Dial()',
      '\t} else {',
      '\t\tc.Close()',
      '\t}',
      '\tfor _, h := range []Handler{a, b} {',
      '\t\th.Serve()',
      '\t}',
      '\t{',
      '\t\tw := NewWriter()',
      '\t\tw.Flush()',
      '\t}',
      '\tw.Write(nil)',
      '}',
      'var client = NewClient()',
    ].join('\n')
    const masked = maskCode(code, GO_SYNTAX)
    const declarations = goTypedDeclarations(masked)
    // The declaration of `name` in scope at the call written `call`, nearest first.
    const typeAt = (name: string, call: string): string | undefined => {
      const at = code.indexOf(call)
      return declarations.filter((d) => d.name === name && d.offset < at && (d.until === undefined || d.until >= at)).at(-1)?.type
    }
    expect(typeAt('c', 'c.Do()')).toBe('NewClient()')
    expect(typeAt('c', 'c.Close()')).toBe('NewClient()')
    expect(typeAt('d', 'd.Dial()')).toBe('NewDialer()')
    expect(typeAt('h', 'h.Serve()')).toBe('')
    expect(typeAt('w', 'w.Flush()')).toBe('NewWriter()')
    // Past the block: the parameter again.
    expect(typeAt('w', 'w.Write(nil)')).toBe('http.ResponseWriter')
    // The header's names end with the statement; a package-level declaration has no end.
    const end = code.indexOf('\tfor _, h')
    expect(declarations.find((d) => d.name === 'c')?.until).toBeLessThan(end)
    expect(declarations.find((d) => d.name === 'h')?.until).toBe(code.indexOf('\t}\n\t{') + 1)
    expect(declarations.find((d) => d.name === 'client')?.until).toBeUndefined()
  })

  it('reads the typed names of a var group (fiber\'s `var (\\n\\tbuf bytes.Buffer\\n\\terr error\\n)`)', () => {
    const code = ['func f(data []byte) {', '\tvar (', '\t\tbuf    bytes.Buffer', '\t\ta, b   *Node', '\t\terr    error', '\t\tgzip = func(data []byte) {}', '\t)', '\tbuf.Reset()', '}'].join('\n')
    expect(typed(code)).toEqual(['buf: bytes.Buffer', 'a: Node', 'b: Node', 'err: error'])
  })

  it('reads a copy of a name as a copy (gin\'s `b := Form`), and a copy of a predeclared value as nothing', () => {
    const code = ['func TestForm(t *testing.T) {', '\tb := Form', '\tctx := t', '\tdone := false', '\tx := y.z', '}'].join('\n')
    const declarations = goTypedDeclarations(maskCode(code, GO_SYNTAX))
    expect(declarations.map((d) => `${d.name}: ${d.type}${d.copies ? ` copies ${d.copies}` : ''}`)).toEqual(['t: testing.T', 'b:  copies Form', 'ctx:  copies t', 'done: ', 'x: '])
  })

  it('types a value new() makes and a type assertion that ends the statement, not a type switch', () => {
    const code = [
      'func (engine *Engine) handle(v any) {',
      '\tbuf := new(bytes.Buffer)',
      '\tx := new(int)',
      '\tc := engine.pool.Get().(*Context)',
      '\tn := pool.Get().(*node)',
      '\th, ok := v.(http.Handler)',
      '\tswitch t := v.(type) {',
      '\t}',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['buf: bytes.Buffer', 'x: ', 'c: Context', 'n: node', 'h: http.Handler', 'ok: ', 't: '])
  })

  it("types the parameters of a list holding a function type (fiber's `func(req Req, res Res, next func() error) error {`)", () => {
    const code = ['func TestX(t *testing.T) {', '\thandler := func(req Req, res Res, next func(a, b int) error) error {', '\t\treturn next(1, 2)', '\t}', '}'].join('\n')
    expect(typed(code)).toEqual(['t: testing.T', 'handler: ', 'req: Req', 'res: Res'])
  })

  it("types a chain of calls that ends the statement link by link (fiber's `client := New().SetDial(dial).\\n\\tSetCookieJar(jar)`)", () => {
    const code = ['func TestX() {', '\tclient := New().SetDial(dial).', '\t\tSetCookieJar(jar)', '\tc, err := app.Group("/api").Use(m)', '\tx := make([]int, 1).Len()', '}'].join('\n')
    expect(typed(code)).toEqual(['client: New().SetDial().SetCookieJar()', 'c: app.Group().Use()', 'err: ', 'x: '])
  })

  it("types a type switch's name in each clause of one type, and in no other clause", () => {
    const code = [
      'func handle(err error) {',
      '\tswitch e := err.(type) {',
      '\tcase *fiber.Error:',
      '\t\te.Code()',
      '\tcase Temporary, Timeout:',
      '\t\te.Temp()',
      '\tcase string:',
      '\t\t_ = e',
      '\tdefault:',
      '\t\te.Error()',
      '\t}',
      '\te.After()',
      '}',
    ].join('\n')
    const declarations = goTypedDeclarations(maskCode(code, GO_SYNTAX))
    const typeAt = (call: string): string | undefined => {
      const at = code.indexOf(call)
      return declarations.filter((d) => d.name === 'e' && d.offset < at && (d.until === undefined || d.until >= at)).at(-1)?.type
    }
    expect(typeAt('e.Code()')).toBe('fiber.Error')
    expect(typeAt('e.Temp()')).toBe('')
    expect(typeAt('e.Error()')).toBe('')
    // Past the switch: no `e` at all.
    expect(typeAt('e.After()')).toBeUndefined()
  })
})
