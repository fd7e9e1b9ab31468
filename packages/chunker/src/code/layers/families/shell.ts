import type { LayerFamily } from '../family.js'
import { SHELL_SYNTAX } from '../lexical/syntaxes.js'

/** Symbols only, for Bash and PowerShell: their function definitions are catalogued; calls and imports are not read. */
export const shellFamily: LayerFamily = {
  syntax: SHELL_SYNTAX,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  details: () => ({}),
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
