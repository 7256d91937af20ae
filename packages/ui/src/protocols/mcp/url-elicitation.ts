/**
 * Reading URL-mode elicitations for the page: which addresses a browser may be offered to open, and the elicitations a
 * server's `URLElicitationRequiredError` (-32042) lists in a call's result.
 */

/** JSON-RPC error code of `URLElicitationRequiredError` (MCP 2025-11-25). */
export const URL_ELICITATION_REQUIRED = -32042

export interface RequiredElicitation {
  url: string
  message?: string
  elicitationId?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The URL when it is one a browser may open (http or https); anything else is shown but not linked. */
export function openable(raw: unknown): URL | undefined {
  if (typeof raw !== 'string') return undefined
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/** The elicitations of a -32042 error result (`{error: {code, data: {elicitations}}}`); undefined for any other. */
export function requiredElicitations(response: unknown): RequiredElicitation[] | undefined {
  const error = isRecord(response) ? response['error'] : undefined
  if (!isRecord(error) || error['code'] !== URL_ELICITATION_REQUIRED) return undefined
  const listed = isRecord(error['data']) ? error['data']['elicitations'] : undefined
  if (!Array.isArray(listed)) return []
  return listed.filter(isRecord).map((entry) => {
    const required: RequiredElicitation = { url: typeof entry['url'] === 'string' ? entry['url'] : '' }
    if (typeof entry['message'] === 'string') required.message = entry['message']
    if (typeof entry['elicitationId'] === 'string') required.elicitationId = entry['elicitationId']
    return required
  })
}
