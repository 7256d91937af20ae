/**
 * Queries and mutations: POST `{ query, variables, operationName }` and answer the whole GraphQL response body, with
 * its errors beside the (possibly partial) data and the status mapped from their codes or the HTTP status.
 */
import { appendQueryParams, mergeHeaders } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import type { GraphQLSchema } from 'graphql'
import { createPhaseTimer } from '@wirebench/transport'
import type { GraphqlDeps } from './discover.js'
import { dispatchersFor, httpEndpoint } from './discover.js'
import { graphqlErrors, graphqlStatus, sigv4Unsupported, subscriptionThroughInvoke } from './errors.js'
import { graphqlAccept, parseJson, postGraphql } from './http.js'
import { readMessage, requestBody } from './message.js'
import type { GraphqlRequest } from './message.js'
import { graphqlSentRequest } from './sent-request.js'
import type { CachedOperation } from './types.js'
import { submitGraphqlValidation, validateGraphqlResponse } from './validation.js'

export interface InvokeInput {
  /** Where the call goes. */
  url: string
  operation: CachedOperation
  messages: readonly unknown[]
  /** The endpoint's schema: answers are validated against it. */
  schema?: GraphQLSchema
}

/** The POST of a query or mutation exactly as `invokeOperation` sends it (and code export writes it). */
/** The POST a GraphQL call puts on the wire, and the message it was read from (the answer is checked against it). */
export interface PreparedOperation {
  url: string
  displayUrl: string
  headers: Record<string, string>
  body: string
  message: GraphqlRequest
}

export function prepareOperation(input: InvokeInput, ctx: CallContext, deps: GraphqlDeps): PreparedOperation {
  const { operation } = input
  if (operation.kind === 'subscription') throw subscriptionThroughInvoke(operation.method.fullName)
  const request = readMessage(input.messages, operation)
  httpEndpoint(input.url, deps)
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  return {
    url: appendQueryParams(input.url, ctx.markers.apiKeyQuery ?? []),
    displayUrl: input.url,
    headers: mergeHeaders(ctx.metadata, { 'content-type': 'application/json', accept: graphqlAccept }),
    body: requestBody(request),
    message: request,
  }
}

export async function invokeOperation(input: InvokeInput, ctx: CallContext, deps: GraphqlDeps): Promise<InvokeResult> {
  const post = { ...prepareOperation(input, ctx, deps), timer: createPhaseTimer() }
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
  if (input.schema !== undefined && json !== undefined) {
    // A large answer is checked in the server's worker; walking it here would hold this thread for its whole length.
    const validator = ctx.validator
    const pending =
      validator !== undefined && response.body.length > validator.inlineLimitBytes
        ? submitGraphqlValidation(input.schema, post.message, json, response.body, validator)
        : undefined
    if (pending !== undefined) result.validationPending = pending
    else {
      const validation = validateGraphqlResponse(input.schema, post.message, json)
      if (validation !== undefined) result.validation = validation
    }
  }
  if (errors) {
    result.errorDetails = errors
    result.statusMessage = errors[0]?.message ?? ''
  } else if (json === undefined) {
    result.statusMessage = `HTTP ${response.status}: the answer is not JSON.`
    if (result.status === 'OK') result.status = 'Unknown'
  }
  return result
}
