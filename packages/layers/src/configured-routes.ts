import type { FileLayers } from '@rag/core'
import { dirOf } from './paths.js'

/** React Router's route configuration module (`app/routes.ts`). */
const CONFIG_FILE = /(?:^|\/)app\/routes\.[cm]?[jt]sx?$/

/** A route module as a configuration names it: `routes/home.tsx`, relative to the configuration's folder. */
const MODULE = /\.[cm]?[jt]sx?$/

/** The frameworks whose modules a route configuration places: their file names no longer give their paths. */
export const CONFIGURED_FRAMEWORKS: ReadonlySet<string> = new Set(['remix', 'react-router'])

/**
 * The paths React Router's route configurations give route modules, by module path: `route("about",
 * "routes/about.tsx")` in `app/routes.ts` gives `app/routes/about.tsx` the path `/about` (the
 * chunker records each as a `react-router` route whose handler is the module). A module
 * configured twice keeps its first path.
 */
export function configuredRoutes(files: Iterable<FileLayers>): Map<string, string> {
  const out = new Map<string, string>()
  for (const file of files) {
    if (!CONFIG_FILE.test(file.path)) continue
    const dir = dirOf(file.path)
    for (const entry of file.entrypoints) {
      if (entry.framework !== 'react-router' || !MODULE.test(entry.handler)) continue
      const module = `${dir === '' ? '' : `${dir}/`}${entry.handler.replace(/^\.\//, '')}`
      if (!out.has(module)) out.set(module, entry.declaredRoute ?? entry.route)
    }
  }
  return out
}
