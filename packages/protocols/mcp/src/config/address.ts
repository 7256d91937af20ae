/** Addresses of configured stdio servers: `mcp+stdio://<name>`, nothing more (no path, query, user or port). */
import { MCP_STDIO_SCHEME, WorkbenchError } from '@wirebench/core'

export function stdioAddress(name: string): string {
  return `${MCP_STDIO_SCHEME}//${name}`
}

export function isStdioAddress(url: string): boolean {
  return url.toLowerCase().startsWith(`${MCP_STDIO_SCHEME}//`)
}

/**
 * The configured name an `mcp+stdio://` address refers to. Anything beyond the bare name (a path, a query, a user, a
 * port) is refused: a stdio server is named, never described, by whoever sends an address.
 */
export function stdioNameOf(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw refused()
  }
  const extra = parsed.username !== '' || parsed.password !== '' || parsed.port !== ''
  const trailing = (parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search !== '' || parsed.hash !== ''
  if (parsed.protocol !== MCP_STDIO_SCHEME || parsed.hostname === '' || extra || trailing) throw refused()
  return parsed.hostname
}

function refused(): WorkbenchError {
  return new WorkbenchError(
    'forbidden',
    'An mcp+stdio:// address names a configured server and nothing else (mcp+stdio://<name>).',
    {
      hint: 'Stdio servers are started only from the trusted configuration ({config_dir}/mcp.json, --mcp-config, --url mcp@stdio:…), never from a request. See GET /api/mcp/servers for the configured names.',
    },
  )
}
