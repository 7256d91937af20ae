/**
 * Which JSON dialect an example (and the UI's form) writes. `json` (REST) keeps numbers as numbers and files as
 * `{filename, data}`; `proto3` writes canonical proto3 JSON: 64-bit integers as strings, bytes as plain base64.
 */
export type ExampleFlavor = 'json' | 'proto3'

/** The gRPC family writes proto3 JSON (the same messages over gRPC, gRPC-Web and Connect); every other protocol JSON. */
export function exampleFlavorOf(protocol: string): ExampleFlavor {
  return protocol === 'grpc' || protocol === 'grpcweb' || protocol === 'connect' ? 'proto3' : 'json'
}
