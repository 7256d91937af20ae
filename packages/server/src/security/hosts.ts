/** Host header checks against DNS rebinding: loopback names (any port) or an explicit allow-list. */

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The name part of a Host value (`[::1]:5080` → `[::1]`, `Localhost` → `localhost`), or undefined when the value
 * is malformed (anything after the name other than `:digits`), so `[::1].evil` never passes for `[::1]`.
 */
export function hostName(host: string): string | undefined {
  const h = host.trim().toLowerCase()
  let name: string
  let rest: string
  if (h.startsWith('[')) {
    const end = h.indexOf(']')
    if (end === -1) return undefined
    name = h.slice(0, end + 1)
    rest = h.slice(end + 1)
  } else {
    const colon = h.indexOf(':')
    name = colon === -1 ? h : h.slice(0, colon)
    rest = colon === -1 ? '' : h.slice(colon)
  }
  if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined
  return name === '' ? undefined : name
}

export function isLoopbackHost(host: string): boolean {
  const name = hostName(host)
  return name !== undefined && loopbackNames.has(name)
}

/** An allowed entry without a port admits that name on any port; with a port, only that exact host. */
export function isHostAllowed(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (host === undefined) return false
  const name = hostName(host)
  if (name === undefined) return false
  if (loopbackNames.has(name)) return true
  const lower = host.trim().toLowerCase()
  return allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase()
    return e === lower || e === name
  })
}
