import type { Arg } from '../args.js'
import type { FileFacts, MountFact } from '../facts.js'
import { joinRoute } from './detector.js'
import { MOUNT_CALL_NAMES } from './mount-calls.js'

/** `v1.Group("/users")`: a Gin or Echo route group made in place, as an argument. */
const GROUP_CALL = /^([A-Za-z_]\w*)\.Group$/
/** A function of another package (`users.UsersRegister`) or of this one (`registerRoutes`). */
const FUNCTION = /^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$/

/** `r.PathPrefix("/api")` of gorilla/mux's `r.PathPrefix("/api").Subrouter()`, a subrouter made in place. */
const PATH_PREFIX_CALL = /^([A-Za-z_]\w*)\.PathPrefix$/

/** The group an argument passes: its prefix here and the router it hangs from, or `undefined`. */
function groupOf(arg: Arg, prefixOf: (receiver: string) => string): { prefix: string; router: string } | undefined {
  const subrouter = arg.kind === 'call' && arg.chain.length === 1 && arg.chain[0]?.value === 'Subrouter' ? PATH_PREFIX_CALL.exec(arg.value) : null
  const made = subrouter ?? (arg.kind === 'call' ? GROUP_CALL.exec(arg.value) : null)
  const path = made ? arg.items[0] : undefined
  if (made && path?.kind === 'string') return { prefix: joinRoute(prefixOf(made[1] as string), path.value), router: made[1] as string }
  // A group variable of this file: `api := r.Group("/api")`, then `users.Register(api)`.
  const prefix = arg.kind === 'name' ? prefixOf(arg.value) : ''
  return prefix ? { prefix, router: arg.value } : undefined
}

/**
 * Go's route-registration functions: `users.UsersRegister(v1.Group("/users"))` hands a route group
 * to a function that registers routes on its parameter (`router.POST("/login", ...)`), as the Gin
 * RealWorld app and many Gin and Echo projects do (gorilla/mux projects with a subrouter:
 * `registerUsers(r.PathPrefix("/api").Subrouter())`). Each such call is a mount of that function:
 * its routes get the group's prefix.
 */
export function groupMountFacts(facts: FileFacts, prefixOf: (receiver: string) => string): MountFact[] {
  if (facts.language !== 'go') return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    // A mount call (Fiber's `app.Use("/shop", shop)`) is read as one by `mount-calls.ts`, not as a registration function.
    if (call.name === 'Group' || MOUNT_CALL_NAMES.has(call.name) || (call.receiver !== '' && call.simpleReceiver === '?')) continue
    const target = call.receiver ? `${call.receiver}.${call.name}` : call.name
    if (!FUNCTION.test(target)) continue
    for (const arg of call.args()) {
      const group = groupOf(arg, prefixOf)
      if (group === undefined) continue
      out.push({ target, prefix: group.prefix, router: group.router, row: call.row, offset: call.offset })
      break
    }
  }
  return out
}
