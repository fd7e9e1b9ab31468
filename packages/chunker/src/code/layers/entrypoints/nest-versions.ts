import type { Arg } from '../args.js'
import { lastSegment } from './detector.js'

/** One version an argument item names: a string, or `''` for `VERSION_NEUTRAL` (served without a version); other names, none. */
function versionOf(arg: Arg): string | undefined {
  if (arg.kind === 'string') return arg.value
  return arg.kind === 'name' && lastSegment(arg.value) === 'VERSION_NEUTRAL' ? '' : undefined
}

/**
 * The NestJS API versions an argument names, as `EntrypointRecord.version` holds them: `'1'`,
 * `['1', '2']` as `1,2`, `VERSION_NEUTRAL` as an empty item (`''`, or `1,` for `['1', VERSION_NEUTRAL]`);
 * `undefined` when it names none (another constant, an expression).
 */
export function nestVersions(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return undefined
  const items = arg.kind === 'list' ? arg.items : [arg]
  const versions = items.flatMap((item) => versionOf(item) ?? [])
  return versions.length > 0 ? versions.join(',') : undefined
}
