/** Compiles uploaded .proto files (importing each other and the well-known types) to a FileDescriptorSet with buf. */
export { compileProtoFiles } from './compile.js'
export { protoSetLimits } from './file-set.js'
export type { CompiledProtoFile, CompiledProtos, CompileProtoOptions, ProtoDiagnostic } from './types.js'
