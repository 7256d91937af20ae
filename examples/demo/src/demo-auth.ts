/** Whether a request carries one of the demo's published credentials (API key in query or header, or the bearer token). */
import type { IncomingHttpHeaders } from 'node:http'
import { demoCredentials } from './rest/credentials.js'

export function hasDemoCredential(headers: IncomingHttpHeaders, url: URL): boolean {
  const { apiKey, bearerToken } = demoCredentials
  return (
    url.searchParams.get(apiKey.queryParameter) === apiKey.value ||
    headers[apiKey.header.toLowerCase()] === apiKey.value ||
    headers.authorization === `Bearer ${bearerToken}`
  )
}

export const demoCredentialHint =
  `Pass ?${demoCredentials.apiKey.queryParameter}=${demoCredentials.apiKey.value}, ` +
  `${demoCredentials.apiKey.header}: ${demoCredentials.apiKey.value} or Authorization: Bearer ${demoCredentials.bearerToken}.`
