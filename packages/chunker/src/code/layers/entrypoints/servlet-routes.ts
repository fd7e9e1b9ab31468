import type { EntrypointDraft } from '../facts.js'
import { decoratorPaths } from './decorated-routes.js'
import { decoratorDraft, lastSegment, type DetectContext, type EntrypointDetector } from './detector.js'
import { definitionDraft } from './file-route-drafts.js'

/** The methods of an `HttpServlet` that answer one HTTP method each. */
const SERVLET_METHODS: Readonly<Record<string, string>> = {
  doGet: 'GET',
  doPost: 'POST',
  doPut: 'PUT',
  doDelete: 'DELETE',
  doHead: 'HEAD',
  doOptions: 'OPTIONS',
  doPatch: 'PATCH',
}

/**
 * Java Servlets declared with `@WebServlet` (Servlet 3.0 and later; `javax.servlet` and
 * `jakarta.servlet`, Java and Kotlin): the class serves each of its URL patterns (`"/users"`,
 * `urlPatterns = {"/a", "/b"}`, `value = "/x"`), one route per `doGet`, `doPost`, ... method it
 * defines, handled by that method; a servlet that defines none of them (its `service` answers, or a
 * base class of the project) serves any method (`*`). A pattern as written (`/users/*`, `*.do`).
 * `web.xml` mappings are not read.
 */
export const servletRoutes: EntrypointDetector = {
  framework: 'servlet',
  languages: ['java', 'kotlin'],
  imports: ['javax.servlet', 'jakarta.servlet'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    const { symbols } = context.facts
    for (const servlet of symbols) {
      if (servlet.kind !== 'class') continue
      const annotation = servlet.decorators.find((decorator) => lastSegment(decorator.name) === 'WebServlet')
      if (annotation === undefined) continue
      const patterns = decoratorPaths(annotation.args, ['urlPatterns', 'value']).filter((pattern) => pattern !== '')
      const methods = symbols.filter((symbol) => symbol.parent === servlet && symbol.kind === 'method' && Object.hasOwn(SERVLET_METHODS, symbol.name))
      for (const route of patterns) {
        if (methods.length === 0) drafts.push(decoratorDraft(servlet, annotation, { kind: 'http-route', framework: 'servlet', method: '*', route }))
        for (const method of methods) drafts.push(definitionDraft(method, { framework: 'servlet', method: SERVLET_METHODS[method.name] as string, route }))
      }
    }
    return drafts
  },
}
