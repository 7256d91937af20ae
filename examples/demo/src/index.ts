/** Demo services of every protocol, for `npm start` and the tests. */
export { descriptorSetFile, loadDemoRegistry, startGrpcDemo, telemetryServiceName } from './grpc/index.js'
export { createRestDemoApp, demoCredentials, openApiDocument, startRestDemo } from './rest/index.js'
export type { RestDemoOptions } from './rest/index.js'
export type { DemoService, DemoServiceHandle, StartServiceOptions } from './service-handle.js'
export { startDemo } from './start-demo.js'
export type { DemoHandle, StartDemoOptions } from './start-demo.js'
