/** What a unary REST call put on the wire, for the response pane: built from the prepared request and what undici wrote. */
import type { CallMarkers, SentRequest } from '@wirebench/core'
import { describeSentRequest } from '@wirebench/transport'
import type { PhaseTimer } from '@wirebench/transport'
import type { PreparedOutbound } from './types.js'

export function restSentRequest(request: PreparedOutbound, timer: PhaseTimer, markers: CallMarkers): SentRequest {
  return describeSentRequest({
    method: request.method,
    url: request.displayUrl,
    headers: request.headers,
    body: request.body,
    rawHead: timer.rawHead,
    secretQueryNames: markers.apiKeyQuery?.map((param) => param.name),
  })
}
