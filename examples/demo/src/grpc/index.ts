/** The gRPC demo: the Telemetry service with server reflection, and the starter used by `startDemo`. */
export { descriptorSetFile, loadDemoRegistry, protoDir, telemetryServiceName } from './descriptors.js'
export { grpcServiceDefinition } from './grpc-service.js'
export { startGrpcDemo } from './server.js'
