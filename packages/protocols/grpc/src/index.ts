/** @wirebench/protocol-grpc: gRPC, gRPC-Web and Connect over runtime descriptors. */
export { createGrpcPlugin, createGrpcPlugins, createGrpcWirePlugin } from './plugin.js'
export type { GrpcPluginFamilyOptions } from './plugin.js'
export type { GrpcPluginOptions, GrpcWire } from './types.js'
export type { ReflectionRequest } from './reflection/reflection-client.js'
