/** @wirebench/protocol-graphql: GraphQL protocol plugin: discovery by introspection, queries and mutations, subscriptions over graphql-ws and graphql-sse. */
export { createGraphqlPlugin } from './plugin.js'
export type { GraphqlMessage, GraphqlPluginOptions, SubscriptionTransport } from './types.js'
export type { GraphqlHost } from './types.js'
