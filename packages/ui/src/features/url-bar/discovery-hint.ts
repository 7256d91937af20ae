/**
 * The next step for a URL whose discovery failed: the hint the server gave, else one recognised from the wording of
 * the failure (for plugins that give no hint).
 */
import type { UrlStatus } from '../../state/discovery-store.js'

const hints: Array<[RegExp, string]> = [
  [
    /connection refused|ECONNREFUSED/i,
    'Nothing is listening there. Start the service, or check the host and port in the URL.',
  ],
  [/ENOTFOUND|EAI_AGAIN|not resolve|unknown host/i, 'The host name does not resolve. Check it for typos.'],
  [/timed out|timeout/i, 'The server did not answer in time. Check that it is up and reachable from this machine.'],
  [
    /HTML page/i,
    'This looks like a web page. Use the address of the OpenAPI document itself, often /openapi.json, /v3/api-docs or /swagger.json.',
  ],
  [
    /\b404\b|not found/i,
    'No document at this path. Check the URL, or try /openapi.json, /v3/api-docs or /swagger.json.',
  ],
  [
    /\b40[13]\b|unauthori[sz]ed|forbidden/i,
    'The server wants credentials; download the document and upload it on the Schema Files tab.',
  ],
  [
    /certificate|self.signed|TLS|SSL/i,
    'The TLS certificate is not trusted. Use http:// for a local server, or a trusted certificate.',
  ],
]

export function discoveryHint(status: UrlStatus): string | undefined {
  if (status.kind !== 'error') return undefined
  if (status.hints?.[0]) return status.hints.join(' ')
  const text = status.reasons.join('\n')
  return hints.find(([pattern]) => pattern.test(text))?.[1]
}
