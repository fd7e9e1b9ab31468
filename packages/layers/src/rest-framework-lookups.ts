import type { EntrypointRecord } from '@rag/core'
import { literalOf, type PrefixSources } from './computed-prefix.js'

/** The lookup DRF's routers put in a detail route when the viewset sets none: `lookup_field = 'pk'`. */
const DEFAULT_LOOKUP = '(?P<pk>[^/.]+)'

/**
 * The detail route of a Django REST framework router registration whose viewset is defined in
 * another file, with that viewset's lookup: its class attributes `lookup_url_kwarg`, else
 * `lookup_field`, matching `lookup_value_regex` (`lookup_field = 'slug'` gives
 * `^articles/(?P<slug>[^/.]+)/$`). The router's file writes DRF's default (`pk`): it cannot see the
 * class. `declared` unchanged when the route is not such a route or the class sets nothing.
 */
export function withViewSetLookup(entry: EntrypointRecord, declared: string, path: string, sources: PrefixSources): string {
  if (entry.framework !== 'django-rest-framework' || !declared.includes(DEFAULT_LOOKUP) || !/^[A-Za-z_]\w*$/.test(entry.handler)) return declared
  const origin = sources.importedFrom(path, entry.handler)
  const file = sources.file(origin?.path ?? path)
  const viewSet = file?.symbols.find((symbol) => symbol.kind === 'class' && symbol.parentId === '' && symbol.name === (origin?.name ?? entry.handler))
  if (file === undefined || viewSet === undefined) return declared
  const attribute = (name: string): string | undefined => {
    const symbol = file.symbols.find((s) => s.parentId === viewSet.id && s.name === name)
    return symbol === undefined ? undefined : literalOf(symbol.signature, name)
  }
  const kwarg = attribute('lookup_url_kwarg') ?? attribute('lookup_field')
  const regex = attribute('lookup_value_regex')
  if (kwarg === undefined && regex === undefined) return declared
  return declared.replace(DEFAULT_LOOKUP, `(?P<${kwarg ?? 'pk'}>${regex ?? '[^/.]+'})`)
}
