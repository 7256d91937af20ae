/** Turns a protobuf-es service descriptor into a grpc-js service definition (binary protobuf both ways). */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import type { DescMessage, DescService, MessageInitShape, MessageShape } from '@bufbuild/protobuf'
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js'

function serializer(schema: DescMessage) {
  // `create` returns a message as is and builds one from a plain init object, so handlers may answer either.
  return (value: MessageInitShape<DescMessage>): Buffer => Buffer.from(toBinary(schema, create(schema, value)))
}

function deserializer(schema: DescMessage) {
  return (bytes: Buffer): MessageShape<DescMessage> => fromBinary(schema, bytes)
}

export function grpcServiceDefinition(service: DescService): ServiceDefinition {
  const definition: Record<string, MethodDefinition<MessageInitShape<DescMessage>, MessageInitShape<DescMessage>>> = {}
  for (const method of service.methods) {
    definition[method.name] = {
      path: `/${service.typeName}/${method.name}`,
      requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
      responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
      requestSerialize: serializer(method.input),
      requestDeserialize: deserializer(method.input),
      responseSerialize: serializer(method.output),
      responseDeserialize: deserializer(method.output),
      originalName: method.name,
    }
  }
  return definition
}
