/** Reads the call message `{ query?, variables?, operationName?, subscriptionTransport? }`, naming what is wrong. */
import { WorkbenchError } from '@wirebench/core'
import { subscriptionTransports } from './services.js'
import type { CachedOperation, SubscriptionTransport } from './types.js'

export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown>
  operationName?: string
  transport: SubscriptionTransport
  /** Where the server serves subscriptions, when not at the endpoint (ws(s):// for graphql-ws, http(s):// for both). */
  subscriptionUrl?: string
}

const knownKeys = new Set(['query', 'variables', 'operationName', 'subscriptionTransport', 'subscriptionUrl'])

export function readMessage(messages: readonly unknown[], operation: CachedOperation): GraphqlRequest {
  if (messages.length > 1) {
    throw new WorkbenchError('invalid_request', `A GraphQL call takes one message, not ${messages.length}.`)
  }
  const message = messages[0] ?? {}
  if (typeof message !== 'object' || Array.isArray(message)) {
    throw new WorkbenchError('invalid_request', 'The GraphQL call message must be an object.', {
      hint: 'Send { "query": "…", "variables": { … } }; leave query out to send the default operation.',
    })
  }
  const fields = message as Record<string, unknown>
  const unknown = Object.keys(fields).filter((key) => !knownKeys.has(key))
  if (unknown.length > 0) {
    throw new WorkbenchError('invalid_request', `The GraphQL call message has unknown fields: ${unknown.join(', ')}.`, {
      hint: 'Arguments go under "variables"; the message holds only query, variables, operationName, subscriptionTransport and subscriptionUrl.',
    })
  }
  const { query, variables, operationName, subscriptionTransport, subscriptionUrl } = fields
  if (query !== undefined && query !== null && typeof query !== 'string') {
    throw new WorkbenchError('invalid_request', 'The GraphQL "query" must be a string of GraphQL text.')
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new WorkbenchError('invalid_request', 'The GraphQL "variables" must be an object keyed by variable name.')
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new WorkbenchError('invalid_request', 'The GraphQL "operationName" must be a string.')
  }
  const transport = subscriptionTransport ?? 'auto'
  if (!subscriptionTransports.includes(transport as SubscriptionTransport)) {
    throw new WorkbenchError('invalid_request', 'The "subscriptionTransport" must be auto, graphql-ws or graphql-sse.')
  }
  if (subscriptionUrl !== undefined && subscriptionUrl !== null && typeof subscriptionUrl !== 'string') {
    throw new WorkbenchError('invalid_request', 'The "subscriptionUrl" must be a string (a ws:// or http:// URL).')
  }
  const useDefault = typeof query !== 'string' || query.trim() === ''
  const request: GraphqlRequest = {
    query: useDefault ? operation.defaultQuery : query,
    transport: transport as SubscriptionTransport,
  }
  if (variables) request.variables = variables as Record<string, unknown>
  if (typeof subscriptionUrl === 'string' && subscriptionUrl.trim() !== '')
    request.subscriptionUrl = subscriptionUrl.trim()
  if (typeof operationName === 'string' && operationName !== '') request.operationName = operationName
  else if (useDefault) request.operationName = operation.defaultOperationName
  return request
}

/** The JSON body of a GraphQL-over-HTTP request. */
export function requestBody(request: GraphqlRequest): string {
  const body: Record<string, unknown> = { query: request.query }
  if (request.variables) body.variables = request.variables
  if (request.operationName) body.operationName = request.operationName
  return JSON.stringify(body)
}
