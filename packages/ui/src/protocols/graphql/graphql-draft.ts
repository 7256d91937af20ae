/**
 * The GraphQL message a method's draft holds: `{ query, variables, operationName }`, and for subscriptions
 * `subscriptionTransport` and `subscriptionUrl` (where the server serves them, when not at a usual address).
 */
import type { FieldInfo, MethodInfo } from '@wirebench/core'

export type SubscriptionTransport = 'auto' | 'graphql-ws' | 'graphql-sse'

export const subscriptionTransports: ReadonlyArray<{ id: SubscriptionTransport; label: string }> = [
  { id: 'auto', label: 'Auto' },
  { id: 'graphql-ws', label: 'graphql-ws' },
  { id: 'graphql-sse', label: 'graphql-sse' },
]

export interface GraphqlMessage {
  query: string
  variables: Record<string, unknown>
  operationName?: string
  subscriptionTransport?: SubscriptionTransport
  subscriptionUrl?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The draft as a message; a draft without a query (never edited) reads as the method's default operation. */
export function readGraphqlDraft(value: Record<string, unknown>, defaultQuery: string): GraphqlMessage {
  const message: GraphqlMessage = {
    query: typeof value.query === 'string' ? value.query : defaultQuery,
    variables: isRecord(value.variables) ? value.variables : {},
  }
  if (typeof value.operationName === 'string' && value.operationName) message.operationName = value.operationName
  const transport = value.subscriptionTransport
  if (transport === 'graphql-ws' || transport === 'graphql-sse' || transport === 'auto') {
    message.subscriptionTransport = transport
  }
  if (typeof value.subscriptionUrl === 'string' && value.subscriptionUrl)
    message.subscriptionUrl = value.subscriptionUrl
  return message
}

/** The draft value for a message: empty optional parts are left out so the server sees only what the user set. */
export function graphqlDraftValue(message: GraphqlMessage): Record<string, unknown> {
  const value: Record<string, unknown> = { query: message.query, variables: message.variables }
  if (message.operationName) value.operationName = message.operationName
  if (message.subscriptionTransport && message.subscriptionTransport !== 'auto') {
    value.subscriptionTransport = message.subscriptionTransport
  }
  if (message.subscriptionUrl) value.subscriptionUrl = message.subscriptionUrl
  return value
}

export function inputField(method: MethodInfo, name: string): FieldInfo | undefined {
  return method.inputType.fields.find((f) => f.name === name)
}

/** The ready-to-send operation discovery put on the method's `query` field. */
export function discoveredDefaultQuery(method: MethodInfo): string | undefined {
  const value = inputField(method, 'query')?.defaultValue
  return typeof value === 'string' && value.trim() ? value : undefined
}
