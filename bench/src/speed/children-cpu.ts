import { readFileSync } from 'node:fs'

/** CPU time (user + system) of this process's waited-for children so far, ms (Linux, 10 ms ticks). */
export function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 16 and 17 of proc(5) (cutime, cstime), counted from 3 after the command name.
  const ticks = Number(fields[16 - 3]) + Number(fields[17 - 3])
  return ticks * 10
}
