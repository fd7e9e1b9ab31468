import type { EntrypointDraft } from '../facts.js'
import type { DetectContext, EntrypointDetector } from './detector.js'

/** A Razor Page's code-behind: `Pages/Basket/Index.cshtml.cs`, also in an area (`Areas/Identity/Pages/Account/Login.cshtml.cs`). */
const PAGE_MODEL_FILE = /(?:^|\/)(?:Areas\/([^/]+)\/)?Pages\/((?:[^/]+\/)*)([^/]+)\.cshtml\.cs$/

/** A page handler: `OnGet`, `OnPostAsync`, a named one `OnPostUpdate` (served at `?handler=Update`). */
const PAGE_HANDLER = /^On(Get|Post|Put|Delete|Patch|Head|Options)(\w*?)(?:Async)?$/

/**
 * ASP.NET Core Razor Pages: a page model's `OnGet`, `OnPostAsync`, ... in `Pages/**\/X.cshtml.cs`
 * answer that method at the page's path (`Pages/Basket/Index.cshtml.cs` is `/Basket`, an area's
 * pages are under the area: `/Identity/Account/Login`). A named handler (`OnPostUpdate`) answers
 * at the page's path with its name as a query: `/Basket?handler=Update`. A page model without
 * a GET handler still answers GET (the page renders), at the class. The `@page` route template of
 * the `.cshtml` file is not read.
 */
export const razorPages: EntrypointDetector = {
  framework: 'razor-pages',
  languages: ['csharp'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { path, symbols } = context.facts
    const file = PAGE_MODEL_FILE.exec(path)
    if (!file || file[3]?.startsWith('_')) return []
    const segments = [...(file[1] ? [file[1]] : []), ...(file[2] as string).split('/').filter(Boolean), file[3] as string]
    if (segments.at(-1) === 'Index') segments.pop()
    const route = `/${segments.join('/')}`
    const drafts: EntrypointDraft[] = []
    for (const symbol of symbols) {
      // Razor Pages finds public handler methods only.
      const handler = symbol.kind === 'method' && symbol.exported === true && symbol.parent?.kind === 'class' ? PAGE_HANDLER.exec(symbol.name) : null
      if (!handler) continue
      // A named handler answers at the page's path with `?handler=Update`.
      const named = handler[2] ? `${route}?handler=${handler[2]}` : route
      drafts.push({ kind: 'http-route', framework: 'razor-pages', method: (handler[1] as string).toUpperCase(), route: named, handler: symbol.qname, row: symbol.startRow, endRow: symbol.endRow, offset: symbol.start, text: symbol.signature.slice(0, 200), declaring: symbol })
    }
    // A page without a GET handler still answers GET: it renders (eShopOnWeb's `Pages/Admin/Index`, a `PageModel` with no handlers).
    // (A named GET handler, `OnGetExport`, answers `?handler=Export` only.)
    const plainGet = drafts.some((draft) => draft.method === 'GET' && !draft.route.includes('?handler='))
    const model = plainGet ? undefined : symbols.find((symbol) => symbol.kind === 'class' && /:\s*(?:[\w.]+\.)?PageModel\b/.test(symbol.signature))
    if (model) drafts.push({ kind: 'http-route', framework: 'razor-pages', method: 'GET', route, handler: model.qname, row: model.startRow, endRow: model.endRow, offset: model.start, text: model.signature.slice(0, 200), declaring: model })
    return drafts
  },
}
