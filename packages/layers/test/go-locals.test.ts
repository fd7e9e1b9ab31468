import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** The layer graph of a Go module `example.com/app` holding `files` (path to text) besides its `go.mod`. */
async function goModule(files: Record<string, string>): Promise<LayerGraph> {
  return new LayerGraph(await layersOfText({ 'go.mod': 'module example.com/app\n\ngo 1.21\n', ...files }))
}

describe('Go calls on locals and parameters', () => {
  it("resolve through the package's own unexported types: a composite literal, a var, a parameter, a constructor's result (gin's tree.go)", async () => {
    const graph = await goModule({
      'tree.go': [
        'package app',
        '',
        'type node struct{ path string }',
        '',
        'func (n *node) addRoute(path string) {}',
        '',
        'type methodTree struct{ root *node }',
        '',
        'func (t methodTree) addRoute(path string) {}',
        '',
        'func newNode() *node { return &node{} }',
        '',
        'func count() int { return 0 }',
      ].join('\n'),
      'tree_test.go': [
        'package app',
        '',
        'func check(t *node) {',
        '\tt.addRoute("/a")',
        '}',
        '',
        'func build() {',
        '\ttree := &node{}',
        '\ttree.addRoute("/b")',
        '\tvar n node',
        '\tn.addRoute("/c")',
        '\tm := newNode()',
        '\tm.addRoute("/d")',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'tree_test.go')).toEqual([
      't.addRoute -> resolved tree.go#node.addRoute',
      'tree.addRoute -> resolved tree.go#node.addRoute',
      'n.addRoute -> resolved tree.go#node.addRoute',
      'newNode -> resolved tree.go#newNode',
      'm.addRoute -> resolved tree.go#node.addRoute',
    ])
  })

  it("leave the fields of what another package's call returns to that package (net/http's Header, httptest's Body), not to a method of the code by name", async () => {
    const graph = await goModule({
      'context.go': 'package app\n\ntype Context struct{}\n\nfunc (c *Context) Set(key string, value any) {}\n\nfunc (c *Context) String() string { return "" }\n',
      'context_test.go': [
        'package app',
        '',
        'import (',
        '\t"net/http"',
        '\t"net/http/httptest"',
        ')',
        '',
        'func request() {',
        '\tw := httptest.NewRecorder()',
        '\treq, _ := http.NewRequest("GET", "/", nil)',
        '\treq.Header.Set("Authorization", "x")',
        '\t_ = w.Body.String()',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'context_test.go')).toEqual([
      'httptest.NewRecorder -> external ',
      'http.NewRequest -> external ',
      'req.Header.Set -> external ',
      'w.Body.String -> external ',
    ])
  })

  it("resolve through struct fields' types: the package's own, another package's, a field holding a function; a field holding data is no callee by name", async () => {
    const graph = await goModule({
      'context.go': [
        'package app',
        '',
        'import (',
        '\t"net/http"',
        '\t"sync"',
        ')',
        '',
        'type Context struct {',
        '\tRequest *http.Request',
        '\tWriter  ResponseWriter',
        '\tErrors  errorMsgs',
        '\tmu      sync.RWMutex',
        '\tskip    func(path string) bool',
        '}',
        '',
        'type ResponseWriter interface {',
        '\tStatus() int',
        '}',
        '',
        'type errorMsgs []string',
        '',
        'func (a errorMsgs) Last() string { return "" }',
        '',
        'type Redirect struct {',
        '\tLocation string',
        '}',
        '',
        'func (c *Context) handle() {',
        '\tc.mu.RLock()',
        '\t_ = c.Request.Header.Get("X")',
        '\t_ = c.Writer.Status()',
        '\t_ = c.Errors.Last()',
        '\t_ = c.skip("/")',
        '}',
      ].join('\n'),
      'time_test.go': 'package app\n\nfunc check(obj struct{ At Clock }) {\n\t_ = obj.At.Location()\n}\n',
    })
    expect(callsOf(graph, 'context.go')).toEqual([
      'c.mu.RLock -> external ',
      'c.Request.Header.Get -> external ',
      'c.Writer.Status -> resolved context.go#ResponseWriter.Status',
      'c.Errors.Last -> resolved context.go#errorMsgs.Last',
      'c.skip -> resolved context.go#Context.skip',
    ])
    // `Redirect.Location` is a string field: no candidate for a call named `Location`.
    expect(callsOf(graph, 'time_test.go')).toEqual(['obj.At.Location -> unresolved '])
  })

  it("type a call on a call's value by what the callee returns: the package's own function, another package's (gin's ginS, html/template)", async () => {
    const graph = await goModule({
      'engine.go': 'package app\n\ntype Engine struct{}\n\nfunc (e *Engine) Handle(path string) {}\n\nfunc (e *Engine) Parse(path string) {}\n\nfunc engine() *Engine { return &Engine{} }\n',
      'gins.go': [
        'package app',
        '',
        'import "html/template"',
        '',
        'func Handle(path string) {',
        '\tengine().Handle(path)',
        '\ttemplate.New("page").Parse(path)',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'gins.go')).toEqual([
      'engine -> resolved engine.go#engine',
      '?.Handle -> resolved engine.go#Engine.Handle',
      'template.New -> external ',
      '?.Parse -> external ',
    ])
  })

  it("resolve a package-level variable's calls by its declared type, from another file of the package, through embedded types (gin's binding.JSON, Engine embedding RouterGroup)", async () => {
    const graph = await goModule({
      'binding/binding.go': [
        'package binding',
        '',
        'type Binding interface {',
        '\tBind(body []byte) error',
        '}',
        '',
        'type BindingBody interface {',
        '\tBinding',
        '\tBindBody(body []byte) error',
        '}',
        '',
        'var (',
        '\tJSON BindingBody = jsonBinding{}',
        '\tForm = formBinding{}',
        ')',
      ].join('\n'),
      'binding/json.go': [
        'package binding',
        '',
        'type jsonBinding struct{}',
        '',
        'func (jsonBinding) Bind(body []byte) error { return nil }',
        '',
        'type formBinding struct{}',
        '',
        'func (formBinding) Bind(body []byte) error { return nil }',
      ].join('\n'),
      'binding/binding_test.go': 'package binding\n\nfunc TestBind() {\n\tJSON.Bind(nil)\n\tJSON.BindBody(nil)\n\tForm.Bind(nil)\n}\n',
      // A local copying a package variable (gin's `b := Form`), and one copying a name the package does not declare.
      'binding/form_test.go': 'package binding\n\nfunc TestForm() {\n\tb := Form\n\tb.Bind(nil)\n\th := Missing\n\th.Bind(nil)\n}\n',
      'routergroup.go': 'package app\n\ntype RouterGroup struct{}\n\nfunc (group *RouterGroup) GET(path string) {}\n',
      'gin.go': [
        'package app',
        '',
        'type Engine struct {',
        '\tRouterGroup',
        '}',
        '',
        'type other struct{}',
        '',
        'func (o *other) GET(path string) {}',
        '',
        'func (engine *Engine) routes() {',
        '\tengine.GET("/")',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'binding/binding_test.go')).toEqual([
      'JSON.Bind -> resolved binding/binding.go#Binding.Bind',
      'JSON.BindBody -> resolved binding/binding.go#BindingBody.BindBody',
      'Form.Bind -> resolved binding/json.go#formBinding.Bind',
    ])
    // The copy has the variable's type; a copy of an undeclared name is read by name, as an untyped local is.
    expect(callsOf(graph, 'binding/form_test.go')).toEqual(['b.Bind -> resolved binding/json.go#formBinding.Bind', 'h.Bind -> by-name binding/json.go'])
    expect(callsOf(graph, 'gin.go')).toEqual(['engine.GET -> resolved routergroup.go#RouterGroup.GET'])
  })

  it("leave a method's value of another package's value to that package: a typed name's, a function's of the code returning one", async () => {
    const graph = await goModule({
      'context.go': 'package app\n\ntype Context struct{}\n\nfunc (c *Context) Get(key string) any { return nil }\n\nfunc (c *Context) Value(key any) any { return nil }\n',
      'routes_test.go': [
        'package app',
        '',
        'import (',
        '\t"net/http"',
        '\t"net/http/httptest"',
        ')',
        '',
        'func PerformRequest(r http.Handler, method, path string) *httptest.ResponseRecorder { return nil }',
        '',
        'func TestRoutes(req *http.Request) {',
        '\tw := httptest.NewRecorder()',
        '\t_ = w.Header().Get("Location")',
        '\tw2 := PerformRequest(nil, "GET", "/")',
        '\t_ = w2.Header().Get("Location")',
        '\t_ = req.Context().Value("k")',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'routes_test.go').filter((call) => /Get|Value/.test(call))).toEqual([
      '?.Get -> external ',
      '?.Get -> external ',
      '?.Value -> external ',
    ])
  })

  it("resolve a method's value of a name typed by a type of another file of the package (fiber's `ctx.Request().Body()` of `ctx Ctx`)", async () => {
    const graph = await goModule({
      'ctx.go': [
        'package app',
        '',
        'type Ctx interface {',
        '\tRequest() *Request',
        '}',
        '',
        'type Request struct{}',
        '',
        'func (r *Request) Body() []byte { return nil }',
        '',
        'type Response struct{}',
        '',
        'func (r *Response) Body() []byte { return nil }',
        '',
        'type Client struct{}',
        '',
        'func (c *Client) Request() *Response { return nil }',
      ].join('\n'),
      'ctx_test.go': 'package app\n\nfunc check(ctx Ctx) {\n\t_ = ctx.Request().Body()\n}\n',
    })
    expect(callsOf(graph, 'ctx_test.go')).toEqual(['ctx.Request -> resolved ctx.go#Ctx.Request', '?.Body -> resolved ctx.go#Request.Body'])
  })

  it("resolve a conversion to a type of the package as that type (gin's `w := ResponseWriter(writer)`, `s := Status(1)`)", async () => {
    const graph = await goModule({
      'writer.go': [
        'package app',
        '',
        'type ResponseWriter interface {',
        '\tWritten() bool',
        '}',
        '',
        'type responseWriter struct{}',
        '',
        'func (w *responseWriter) Written() bool { return true }',
        '',
        'type Status int',
        '',
        'func (s Status) String() string { return "" }',
      ].join('\n'),
      'writer_test.go': 'package app\n\nfunc TestW(writer *responseWriter) {\n\tw := ResponseWriter(writer)\n\tw.Written()\n\ts := Status(1)\n\ts.String()\n}\n',
    })
    expect(callsOf(graph, 'writer_test.go')).toEqual([
      'ResponseWriter -> resolved writer.go#ResponseWriter',
      'w.Written -> resolved writer.go#ResponseWriter.Written',
      'Status -> resolved writer.go#Status',
      's.String -> resolved writer.go#Status.String',
    ])
  })

  it("leave a field read on a method's value to the package of what the method returns (fiber's `c.Request().Header.Set()`)", async () => {
    const graph = await goModule({
      'ctx.go': [
        'package app',
        '',
        'import "github.com/valyala/fasthttp"',
        '',
        'type Ctx struct{ fasthttp *fasthttp.RequestCtx }',
        '',
        'func (c *Ctx) Request() *fasthttp.Request { return &c.fasthttp.Request }',
        '',
        'type Header struct{}',
        '',
        'func (h *Header) Set(k, v string) {}',
      ].join('\n'),
      'ctx_test.go': 'package app\n\nfunc TestHeader(c *Ctx) {\n\tc.Request().Header.Set("Accept", "text/html")\n}\n',
    })
    // Not the package's own `Header.Set` by name: `*fasthttp.Request`'s field.
    expect(callsOf(graph, 'ctx_test.go')).toEqual(['c.Request -> resolved ctx.go#Ctx.Request', '?.Set -> external '])
  })

  it("type a call's other results by the callee's result list, and leave `error`'s method to the runtime (gin's `c, router := CreateTestContext(w)`, `resp, err := app.Test(req)`)", async () => {
    const graph = await goModule({
      'gin.go': [
        'package app',
        '',
        'type Context struct{}',
        '',
        'type Engine struct{}',
        '',
        'func (engine *Engine) SetHTMLTemplate(name string) {}',
        '',
        'func CreateTestContext(w any) (c *Context, r *Engine) { return nil, nil }',
        '',
        'func load() error { return nil }',
        '',
        'type flagError struct{}',
        '',
        'func (e *flagError) Error() string { return "" }',
      ].join('\n'),
      'gin_test.go': [
        'package app',
        '',
        'func TestRender(w any, failed error) {',
        '\tc, router := CreateTestContext(w)',
        '\trouter.SetHTMLTemplate("x")',
        '\t_, err := CreateTestContext(c)',
        '\tif err := load(); err != nil {',
        '\t\t_ = err.Error()',
        '\t}',
        '\t_ = failed.Error()',
        '\t_ = err',
        '}',
      ].join('\n'),
    })
    // Not `flagError.Error` by name: the predeclared interface's.
    expect(callsOf(graph, 'gin_test.go')).toEqual([
      'CreateTestContext -> resolved gin.go#CreateTestContext',
      'router.SetHTMLTemplate -> resolved gin.go#Engine.SetHTMLTemplate',
      'load -> resolved gin.go#load',
      'err.Error -> external ',
      'failed.Error -> external ',
    ])
  })

  it("type a local holding a method's results of another typed local (fiber's `sess, err := store.Get(c)` after `store := NewStore()`)", async () => {
    const graph = await goModule({
      'store.go': [
        'package session',
        '',
        'type Store struct{}',
        '',
        'type Session struct{}',
        '',
        'func NewStore() *Store { return &Store{} }',
        '',
        'func (s *Store) Get(key string) (*Session, error) { return nil, nil }',
        '',
        'func (s *Session) Fresh() bool { return true }',
        '',
        'type other struct{}',
        '',
        'func (o *other) Fresh() bool { return false }',
      ].join('\n'),
      'store_test.go': 'package session\n\nfunc TestSession() {\n\tstore := NewStore()\n\tsess, err := store.Get("k")\n\tsess.Fresh()\n\t_ = err.Error()\n}\n',
    })
    expect(callsOf(graph, 'store_test.go')).toEqual([
      'NewStore -> resolved store.go#NewStore',
      'store.Get -> resolved store.go#Store.Get',
      'sess.Fresh -> resolved store.go#Session.Fresh',
      'err.Error -> external ',
    ])
  })

  it("type a local holding a chain of calls link by link through each method's result (fiber's `client := New().SetDial(dial).SetCookieJar(jar)`)", async () => {
    const graph = await goModule({
      'client.go': [
        'package client',
        '',
        'type Client struct{}',
        '',
        'type Response struct{}',
        '',
        'func New() *Client { return &Client{} }',
        '',
        'func (c *Client) SetDial(d any) *Client { return c }',
        '',
        'func (c *Client) Get(url string) (*Response, error) { return nil, nil }',
        '',
        'type Request struct{}',
        '',
        'func (r *Request) Get(url string) (*Response, error) { return nil, nil }',
      ].join('\n'),
      'client_test.go': 'package client\n\nfunc TestGet() {\n\tclient := New().SetDial(nil).\n\t\tSetDial(nil)\n\tclient.Get("x")\n}\n',
    })
    expect(callsOf(graph, 'client_test.go')).toContain('client.Get -> resolved client.go#Client.Get')
  })

  it("resolve a call on a composite literal that spans lines (echo's `BodyDumpConfig{Handler: func(...) {...}}.ToMiddleware()`)", async () => {
    const graph = await goModule({
      'dump.go': [
        'package middleware',
        '',
        'type BodyDumpConfig struct{ Handler func(body []byte) }',
        '',
        'func (config BodyDumpConfig) ToMiddleware() (func(), error) { return nil, nil }',
        '',
        'type CORSConfig struct{}',
        '',
        'func (config CORSConfig) ToMiddleware() (func(), error) { return nil, nil }',
      ].join('\n'),
      'dump_test.go': [
        'package middleware',
        '',
        'func TestDump() {',
        '\tmw, err := BodyDumpConfig{Handler: func(body []byte) {',
        '\t\t_ = body',
        '\t}}.ToMiddleware()',
        '\t_, _ = mw, err',
        '}',
      ].join('\n'),
    })
    expect(callsOf(graph, 'dump_test.go')).toEqual(['?.ToMiddleware -> resolved dump.go#BodyDumpConfig.ToMiddleware'])
  })
})
