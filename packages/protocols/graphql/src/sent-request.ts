/** What a GraphQL query or mutation put on the wire (the POST as undici wrote it, credentials masked). */
import type { CallMarkers, SentRequest } from '@wirebench/core'
import { describeSentRequest } from '@wirebench/transport'
import type { GraphqlPost } from './http.js'

export function graphqlSentRequest(post: GraphqlPost, markers: CallMarkers): SentRequest {
  return describeSentRequest({
    method: 'POST',
    url: post.displayUrl,
    headers: post.headers,
    body: post.body,
    rawHead: post.timer?.rawHead,
    secretQueryNames: markers.apiKeyQuery?.map((param) => param.name),
  })
}

/**
 * What opened a subscription, for the live view's Request tab: the POST of graphql-sse, or the upgrade of graphql-ws
 * with the subscribe message as its body (the first message on the socket). Credentials masked as for queries.
 */
export function subscriptionSent(
  open: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: string },
  markers: CallMarkers,
): SentRequest {
  return describeSentRequest({
    method: open.method,
    url: open.url,
    headers: open.headers,
    body: open.body,
    secretQueryNames: markers.apiKeyQuery?.map((param) => param.name),
  })
}
