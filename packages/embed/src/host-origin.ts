/**
 * Whether an address is the embedding host's own origin: an http(s) URL on a port the host listens on, named by a
 * loopback name, the address it is bound to, or a host name the workbench admits (`allowedHosts`); or exactly an
 * admitted host (`app.example.com`: the scheme's default port, `app.example.com:8443`: that port), which is how a
 * page served through a TLS-terminating proxy names the host.
 */

const loopbackNames = ['localhost', '127.0.0.1', '[::1]']

export interface HostOriginOptions {
  /** Ports the host listens on now (read on every question: the host starts listening after registering). */
  ports(): readonly number[]
  /** Names besides loopback the host is reached by (bound addresses, allowed hosts). */
  names(): readonly string[]
}

export function createHostOrigin(options: HostOriginOptions): (url: string) => boolean {
  return (raw) => {
    if (!URL.canParse(raw)) return false
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
    const name = url.hostname.toLowerCase()
    const admitted = options.names().map((entry) => entry.trim().toLowerCase())
    // The proxy's public origin, exactly as admitted: `app.example.com` (the scheme's default port) or with its port.
    if (admitted.includes(url.host.toLowerCase())) return true
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
    if (!options.ports().includes(port)) return false
    return loopbackNames.includes(name) || admitted.includes(name)
  }
}
