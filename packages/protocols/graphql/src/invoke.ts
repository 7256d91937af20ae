/**
 * Queries and mutations: POST `{ query, variables, operationName }` and answer the whole GraphQL response body, with
 * its errors beside the (possibly partial) data and the status mapped from their codes or the HTTP status.
 */
import { appendQueryParams, mergeHeaders } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import { createPhaseTimer } from '@wirebench/transport'
import type { GraphqlDeps } from './discover.js'
import { dispatchersFor, httpEndpoint } from './discover.js'
import { graphqlErrors, graphqlStatus, sigv4Unsupported, subscriptionThroughInvoke } from './errors.js'
import { graphqlAccept, parseJson, postGraphql } from './http.js'
import { readMessage, requestBody } from './message.js'
import { graphqlSentRequest } from './sent-request.js'
import type { CachedOperation } from './types.js'

export interface InvokeInput {
  /** Where the call goes. */
  url: string
  operation: CachedOperation
  messages: readonly unknown[]
}

export async function invokeOperation(input: InvokeInput, ctx: CallContext, deps: GraphqlDeps): Promise<InvokeResult> {
  const { operation } = input
  if (operation.kind === 'subscription') throw subscriptionThroughInvoke(operation.method.fullName)
  const request = readMessage(input.messages, operation)
  httpEndpoint(input.url, deps)
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  const post = {
    url: appendQueryParams(input.url, ctx.markers.apiKeyQuery ?? []),
    displayUrl: input.url,
    headers: mergeHeaders(ctx.metadata, { 'content-type': 'application/json', accept: graphqlAccept }),
    body: requestBody(request),
    timer: createPhaseTimer(),
  }
  const response = await postGraphql(post, ctx, dispatchersFor(input.url, deps))
  const json = parseJson(response.body)
  const errors = graphqlErrors(json)
  const metadata: Record<string, string> = { ...response.headers, http_status: String(response.status) }
  const result: InvokeResult = {
    response: json === undefined ? response.body.toString('utf8') : json,
    durationMs: response.durationMs,
    status: graphqlStatus(errors, response.status),
    metadata,
    sizeBytes: response.sizeBytes,
  }
  const contentType = response.headers['content-type']
  if (contentType) result.contentType = contentType
  if (response.truncated) result.truncated = true
  result.sent = graphqlSentRequest(post, ctx.markers)
  result.timings = post.timer.timings()
  if (errors) {
    result.errorDetails = errors
    result.statusMessage = errors[0]?.message ?? ''
  } else if (json === undefined) {
    result.statusMessage = `HTTP ${response.status}: the answer is not JSON.`
    if (result.status === 'OK') result.status = 'Unknown'
  }
  return result
}
