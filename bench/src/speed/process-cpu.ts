/** CPU time of the whole process (every thread, user + system), in milliseconds. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
