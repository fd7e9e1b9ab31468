import type { FileLayers } from '@rag/core'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * A call on `this` outside any class of a Vue component, as its Options API writes them
 * (`export default { methods: { save() { this.load() } } }`): `this` is the component instance,
 * whose members are the file's own functions (the chunker reads the object's functions as the
 * file's), and whose `$`-prefixed members (`this.$emit`, `this.$nextTick`, `this.$router`, a
 * plugin's `this.$message`) are Vue's or a plugin's: `external`. `undefined` for any other file or
 * a name the component does not define.
 */
export function vueInstanceMember(name: string, file: FileLayers, index: SymbolIndex, kinds: ReadonlySet<string>): Resolved | undefined {
  if (!file.path.endsWith('.vue')) return undefined
  if (name.startsWith('$')) return EXTERNAL
  const own = index.topLevel(file.path, name, kinds)
  return own ? toSymbol(own) : undefined
}
