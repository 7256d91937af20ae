/**
 * The API client the calls, discovery and code-export paths use: each request runs the auth pipeline (variables, then
 * auth) right before it is posted, so an exported snippet is written from exactly the request Send would post.
 */
import { authExportVariables, authHeaderNames } from '@wirebench/auth'
import type { ExportRequest, InvokeRequest } from '@wirebench/core'
import type { ApiClient, InvokeOptions } from '../api/api-client.js'
import type { AuthSession } from './auth-session.js'

type OutgoingSession = Pick<AuthSession, 'prepareOutgoingCall' | 'prepareDiscovery' | 'discoveryUrl'>

/** The `/api/invoke` body of a request as written: substituted, with its auth applied, messages finalized. */
export async function prepareInvokeRequest(
  session: OutgoingSession,
  request: InvokeRequest,
  signal?: AbortSignal,
  options?: InvokeOptions,
): Promise<InvokeRequest> {
  // A plain HTTP request's address is its URL, never a discovery key: its `${var}`s (an imported `{{base}}`) are
  // substituted like a server URL's, with the same host binding.
  const isTemplatedAddress = request.protocol === 'http' && !request.serverUrl && request.url.includes('${')
  const serverUrl = isTemplatedAddress ? request.url : request.serverUrl
  const prepared = await session.prepareOutgoingCall({
    protocol: request.protocol,
    address: { protocol: request.protocol, url: request.url, service: request.service, method: request.method },
    messages: request.messages,
    ...(request.metadata ? { metadata: request.metadata } : {}),
    ...(serverUrl ? { serverUrl } : {}),
    ...(options?.draftKey !== undefined ? { draftKey: options.draftKey } : {}),
    ...(signal ? { signal } : {}),
  })
  const { metadata: _written, serverUrl: _writtenUrl, ...rest } = request
  const messages = options?.finalizeMessages ? options.finalizeMessages(prepared.messages) : prepared.messages
  const sent: InvokeRequest = { ...rest, messages }
  if (Object.keys(prepared.metadata).length > 0) sent.metadata = prepared.metadata
  if (isTemplatedAddress) sent.url = prepared.serverUrl ?? request.url
  else if (prepared.serverUrl) sent.serverUrl = prepared.serverUrl
  return sent
}

/**
 * `invoke` and `exportCall` run the auth pipeline on the request right before posting it, `discover` adds what
 * discovery carries.
 */
export function withOutgoingAuth(api: ApiClient, session: OutgoingSession): ApiClient {
  return {
    ...api,
    discover: async (written, signal) => {
      const request = { ...written, urls: written.urls.map((url) => session.discoveryUrl(url)) }
      const metadata = { ...(await session.prepareDiscovery(request, signal)), ...request.metadata }
      return api.discover(Object.keys(metadata).length > 0 ? { ...request, metadata } : request, signal)
    },
    invoke: async (request, signal, options) =>
      api.invoke(await prepareInvokeRequest(session, request, signal, options), signal),
    exportCall: async (request, signal, options) => {
      const { format, includeSecrets, resolveVariables, variables, ...written } = request
      const prepared = await prepareInvokeRequest(session, written, signal, options)
      const sent: ExportRequest = { ...prepared, format }
      if (includeSecrets !== undefined) sent.includeSecrets = includeSecrets
      if (resolveVariables !== undefined) sent.resolveVariables = resolveVariables
      // The credentials the auth step computed (a Basic pair, a fetched or signed token) match no variable: they are
      // listed as secrets after the variables, so a variable that spells the same value keeps its own name.
      const computed = authExportVariables(written.metadata, prepared.metadata ?? {})
      if (variables || computed.length > 0) sent.variables = [...(variables ?? []), ...computed]
      // `wirebench call --env` runs the environment's auth itself: its command line leaves the auth headers out.
      if (format === 'wirebench' && includeSecrets !== true && prepared.metadata) {
        const auth = new Set(authHeaderNames(written.metadata, prepared.metadata))
        const kept = Object.entries(prepared.metadata).filter(([name]) => !auth.has(name))
        if (kept.length > 0) sent.metadata = Object.fromEntries(kept)
        else delete sent.metadata
      }
      return api.exportCall(sent, signal)
    },
  }
}
