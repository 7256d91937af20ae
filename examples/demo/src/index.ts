/** Demo services of every protocol, for `npm start` and the tests. */
export { bookshopTypeDefs, graphqlLimits, startGraphqlDemo } from './graphql/index.js'
export { descriptorSetFile, loadDemoRegistry, startGrpcDemo, telemetryServiceName } from './grpc/index.js'
export { createRestDemoApp, demoCredentials, openApiDocument, startRestDemo } from './rest/index.js'
export type { RestDemoOptions } from './rest/index.js'
export { chatHelp, chatLimits, chatSubprotocol, startWebSocketDemo } from './websocket/index.js'
export { clockUri, cuisines, demoMcpConfigFile, demoStdioUrl, dishes, startMcpDemo } from './mcp/index.js'
export type { McpDemoOptions } from './mcp/index.js'
export { feedEvent, feedStations, formatEvent, sseLimits, startSseDemo } from './sse/index.js'
export type { FeedEvent } from './sse/index.js'
export { startToyServer, toyCatalog } from './toy/index.js'
export type { ToyField, ToyKind, ToyMethod, ToyServer, ToyServerOptions, ToyService } from './toy/index.js'
export type { DemoService, DemoServiceHandle, StartServiceOptions } from './service-handle.js'
export { demoSidecarDir, startDemo } from './start-demo.js'
export type { DemoHandle, StartDemoOptions } from './start-demo.js'
export { HubError, chatHub, hubLimits, startHubServer, startSignalrDemo } from './signalr/index.js'
export type {
  HubCallerAuth,
  HubDefinition,
  HubEndpoint,
  HubEndpointOptions,
  HubEndpointStats,
  HubInvocationContext,
  HubMethod,
  HubServer,
  HubServerOptions,
  HubTransportName,
} from './signalr/index.js'
