/** @wirebench/protocol-grpc: gRPC, gRPC-Web and Connect over runtime descriptors. */
export {}
