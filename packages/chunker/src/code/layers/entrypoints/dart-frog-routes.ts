import type { EntrypointDraft } from '../facts.js'
import type { DetectContext, EntrypointDetector } from './detector.js'
import { folderRoute } from './file-route-drafts.js'

/** A route file of a Dart Frog project: `routes/index.dart`, `routes/users/[id].dart`. */
const ROUTE_FILE = /(?:^|\/)routes\/((?:[^/]+\/)*)([^/]+)\.dart$/

/**
 * Dart Frog's routes: each file under `routes/` whose top-level `onRequest(RequestContext ...)`
 * answers its path (`index` its folder's, `[id]` a parameter, as written), for any method (the
 * handler reads `context.request.method`); `_middleware.dart` and other `_` files are no routes.
 */
export const dartFrogRoutes: EntrypointDetector = {
  framework: 'dart_frog',
  languages: ['dart'],
  imports: ['package:dart_frog'],
  detect(context: DetectContext): EntrypointDraft[] {
    const file = ROUTE_FILE.exec(context.facts.path)
    if (!file) return []
    const segments = [...(file[1] as string).split('/'), file[2] as string]
    if (segments.some((segment) => segment.startsWith('_'))) return []
    const handler = context.facts.symbols.find((symbol) => !symbol.parent && symbol.name === 'onRequest' && /\bRequestContext\b/.test(symbol.signature))
    if (!handler) return []
    return [
      {
        kind: 'http-route',
        framework: 'dart_frog',
        method: '*',
        route: folderRoute(segments),
        handler: handler.qname,
        row: handler.startRow,
        endRow: handler.endRow,
        offset: handler.start,
        text: handler.signature,
        declaring: handler,
      },
    ]
  },
}
