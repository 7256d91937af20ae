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
