import type { SymbolRecord } from '@rag/core'
import type { Bindings } from './import-bindings.js'

/** Languages whose module-level values a package's function may make (`const Product = mongoose.model(...)`). */
const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx'])

const VALUE_KINDS: ReadonlySet<string> = new Set(['variable', 'constant'])

/** `= mongoose.model(`, `= await axios.create(`, `= express.Router(`: the first name of the call a value holds (group 1). */
const MADE_BY_CALL = /=\s*(?:await\s+)?([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(/

/**
 * Whether a JavaScript or TypeScript value holds what a package's function returned, as its file
 * binds the package (`bindings`): `const Product = mongoose.model('Product', schema)`,
 * `export const api = axios.create({...})`, `const router = express.Router()`. Its members, where
 * another file imports it (`Product.findById(id)`, `api.get('/x')`), are the package's.
 */
export function madeByPackage(value: SymbolRecord, bindings: Bindings): boolean {
  if (!SCRIPT_LANGUAGES.has(value.language) || !VALUE_KINDS.has(value.kind)) return false
  const root = MADE_BY_CALL.exec(value.signature)?.[1]
  return root !== undefined && bindings.names.get(root)?.status === 'external'
}
