import type { LayerFamily } from '../family.js'

/** Symbols only, for Bash and PowerShell: their function definitions are catalogued; calls and imports are not read. */
export const shellFamily: LayerFamily = {
  query: () => '',
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  details: () => ({}),
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
