/**
 * Golden entrypoints of more HTTP fixtures (see `entrypoints-expected.ts` for the format): Go
 * routes registered in a file that imports no framework, on a router another package made (the
 * framework `{go.mod}` is named by the layer graph from the module's `go.mod`).
 */
export const HTTP_EXPECTED: Record<string, readonly string[]> = {
  'go-module': [
    'main.go:11 main go - - -> main',
    'main.go:13 http-route {go.mod} GET /swagger/* -> echoSwagger.WrapHandler',
    'main.go:15 http-route {go.mod} POST /api/users -> handlers.SignUp',
    'router.go:8 http-route echo GET /health -> health',
  ],
}
