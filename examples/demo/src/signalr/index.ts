/** The SignalR demo hub and the hub server it runs on (ours, written from the SignalR specs), for `startDemo` and the tests. */
export { startSignalrDemo } from './server.js'
export { chatHub, hubLimits } from './demo-hub.js'
export { startHubServer } from './hub-server.js'
export type { HubServer, HubServerOptions } from './hub-server.js'
export type { HubEndpoint, HubEndpointOptions, HubEndpointStats } from './hub-endpoint.js'
export { HubError } from './hub.js'
export type { HubCallerAuth, HubDefinition, HubInvocationContext, HubMethod, HubTransportName } from './hub.js'
