/**
 * The MCP session's settings as a saved request's `session` option: the connection headers of the server's session
 * channel (\`Session/events\`). They live in that method's draft, shared by every pane of the server, so a tool, prompt
 * or resource tab saves them beside its own arguments and puts them back when it is reopened.
 */
import { MCP_SESSION_EVENTS_METHOD, MCP_SESSION_SERVICE, type SavedRequestOptions } from '@wirebench/core'
import { headersToMetadata, newHeaderRow } from '../../state/drafts-store.js'
import type { ExtrasContext } from '../extras-context.js'

/** The catalog key of the session channel of the server a request goes to (as the catalog builds method keys). */
const sessionKeyOf = (url: string): string =>
  JSON.stringify(['mcp', url, MCP_SESSION_SERVICE, MCP_SESSION_EVENTS_METHOD])

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string')

export const mcpSessionExtras = {
  capture: (key: string, { drafts, address }: ExtrasContext): SavedRequestOptions => {
    const sessionKey = sessionKeyOf(address.url)
    // The session channel's own tab keeps its headers in its draft already.
    if (key === sessionKey) return {}
    const headers = headersToMetadata(drafts.getState().drafts[sessionKey]?.headers ?? [])
    return headers ? { session: { headers } } : {}
  },
  restore: (key: string, options: SavedRequestOptions, { drafts, address }: ExtrasContext): void => {
    const sessionKey = sessionKeyOf(address.url)
    const session = options.session as { headers?: unknown } | undefined
    // A request saved without session settings leaves the server's session as the other panes set it.
    if (key === sessionKey || !isStringRecord(session?.headers)) return
    drafts.getState().setHeaders(
      sessionKey,
      Object.entries(session.headers).map(([name, value]) => newHeaderRow(name, value)),
    )
  },
}
