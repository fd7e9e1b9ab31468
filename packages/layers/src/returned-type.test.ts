import { describe, expect, it } from 'vitest'
import { returnedType, tupleElementType } from './returned-type.js'

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
    ['func Open() *DB', 'go', 'DB'],
    ['func CreateTestContext(w http.ResponseWriter) (c *Context, r *Engine)', 'go', 'Context'],
    ['func (s *Store) Get(id string) (*Order, error)', 'go', 'Order'],
    ['func NewRequest(method, url string) (*http.Request, error)', 'go', 'http.Request'],
    ['func (e *Engine) Handle(w http.ResponseWriter)', 'go', undefined],
    ['func count() int', 'go', undefined],
    // (`error` is kept: resolution leaves its `Error()` to the runtime.)
    ['func load() error', 'go', 'error'],
    ['func NewWithCustomCtx(newCtxFunc func(app *App) CustomCtx, config ...Config) *App', 'go', 'App'],
    ['func New[T any](opts ...Option) *Tree[T]', 'go', 'Tree'],
    ['Request() *fasthttp.Request', 'go', 'fasthttp.Request'],
    ['func (r *Router[T]) Group(prefix string) (*Group[T], error)', 'go', 'Group'],
    ['func (n *node) insert(child *node)', 'go', undefined],
    ['DefaultLogger func(next http.Handler) http.Handler', 'go', 'http.Handler'],
    ['retryAfterFn   func(ctxDone bool) time.Duration', 'go', 'time.Duration'],
  ])('reads %j (%s) as %s', (signature, language, type) => {
    expect(returnedType(signature, language)).toBe(type)
  })
})

describe('tupleElementType', () => {
  it.each([
    ['def resolve_command(self, ctx, args) -> tuple[str | None, Command | None, list[str]]:', 1, 'Command'],
    ['def get_loader(self, template) -> t.Tuple["BaseLoader", str]:', 0, 'BaseLoader'],
    ['def pair(self) -> t.Tuple[t.Optional[Token], int]:', 0, 'Token'],
    ['def pair(self) -> tuple[Token, models.User]:', 1, 'models.User'],
    // Not a class there: a builtin, a container, a union, a position past the end, no tuple.
    ['def resolve_command(self, ctx, args) -> tuple[str | None, Command | None, list[str]]:', 0, undefined],
    ['def resolve_command(self, ctx, args) -> tuple[str | None, Command | None, list[str]]:', 2, undefined],
    ['def pair(self) -> tuple[A | B, int]:', 0, undefined],
    ['def pair(self) -> tuple[Token, int]:', 2, undefined],
    ['def one(self) -> Token:', 0, undefined],
  ])('reads %j at %i as %s', (signature, position, type) => {
    expect(tupleElementType(signature, 'python', position)).toBe(type)
  })
})

describe("tupleElementType of Go's result lists", () => {
  it.each([
    ['func (app *App) Test(req *http.Request, config ...TestConfig) (*http.Response, error)', 1, 'error'],
    ['func (app *App) Test(req *http.Request, config ...TestConfig) (*http.Response, error)', 0, 'http.Response'],
    ['func CreateTestContext(w http.ResponseWriter) (c *Context, r *Engine)', 1, 'Engine'],
    ['func Pair[T any](v T) (Box[T], bool)', 0, 'Box'],
    // A predeclared type other than `error`, a position past the end, a single result.
    ['func Pair[T any](v T) (Box[T], bool)', 1, undefined],
    ['func CreateTestContext(w http.ResponseWriter) (c *Context, r *Engine)', 2, undefined],
    ['func New() *Engine', 0, undefined],
  ])('reads %j at %i as %s', (signature, position, type) => {
    expect(tupleElementType(signature, 'go', position)).toBe(type)
  })
})

