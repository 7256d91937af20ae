/**
 * A server's `URLElicitationRequiredError` (JSON-RPC -32042, MCP 2025-11-25): the request cannot go on until the user
 * has finished one or more URL-mode elicitations. The error stays the call's result (the UI lists the pages from its
 * `data.elicitations`); this says in words which pages and what to do, for the response pane and the CLI alike.
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js'
import { jsonRpcCodes } from './errors.js'

export interface UrlElicitationNeeded {
  url: string
  message?: string
  elicitationId?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The URL-mode elicitations the error carries (entries without a string `url` are left out), or undefined. */
export function urlElicitationsOf(error: McpError): UrlElicitationNeeded[] | undefined {
  if (error.code !== jsonRpcCodes.urlElicitationRequired || !isRecord(error.data)) return undefined
  const listed = error.data['elicitations']
  if (!Array.isArray(listed)) return undefined
  const found: UrlElicitationNeeded[] = []
  for (const entry of listed) {
    if (!isRecord(entry) || typeof entry['url'] !== 'string') continue
    const needed: UrlElicitationNeeded = { url: entry['url'] }
    if (typeof entry['message'] === 'string') needed.message = entry['message']
    if (typeof entry['elicitationId'] === 'string') needed.elicitationId = entry['elicitationId']
    found.push(needed)
  }
  return found
}

/** The status line: which pages to finish, and that the call is then sent again unchanged. */
export function urlElicitationMessage(message: string, needed: readonly UrlElicitationNeeded[]): string {
  const pages = needed.map((n) => n.url).join(', ')
  const what = needed.length === 1 ? 'a page' : `${needed.length} pages`
  return (
    `${message.replace(/\.$/, '')}. The server needs you to finish ${what} in a browser first${pages ? ` (${pages})` : ''}; ` +
    'open it, finish there, then send the same call again.'
  )
}
