/** Host header checks against DNS rebinding: loopback names (any port) or an explicit allow-list. */

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Splits `name:port`, keeping IPv6 brackets (`[::1]:5080` → `[::1]`). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) {
    const end = h.indexOf(']')
    return end === -1 ? h : h.slice(0, end + 1)
  }
  const colon = h.indexOf(':')
  return colon === -1 ? h : h.slice(0, colon)
}

export function isLoopbackHost(host: string): boolean {
  return loopbackNames.has(hostName(host))
}

/** An allowed entry without a port admits that name on any port; with a port, only that exact host. */
export function isHostAllowed(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (host === undefined || host === '') return false
  if (isLoopbackHost(host)) return true
  const lower = host.trim().toLowerCase()
  const name = hostName(lower)
  return allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase()
    return e === lower || (e === hostName(e) && e === name)
  })
}
