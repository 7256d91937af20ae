/**
 * The gRPC server reflection schema (grpc/reflection/v1/reflection.proto; v1alpha has the same messages in another
 * package), built at run time so the plugin needs no generated code.
 */
import { createFileRegistry } from '@bufbuild/protobuf'
import type { DescMessage, DescMethod } from '@bufbuild/protobuf'
import { buildFile } from '../descriptors/proto-builder.js'

export type ReflectionVersion = 'v1' | 'v1alpha'

export interface ReflectionSchema {
  version: ReflectionVersion
  /** `grpc.reflection.v1.ServerReflection/ServerReflectionInfo` (bidi). */
  method: DescMethod
  request: DescMessage
  response: DescMessage
}

function build(version: ReflectionVersion): ReflectionSchema {
  const pkg = `grpc.reflection.${version}`
  const t = (name: string): `.${string}` => `.${pkg}.${name}`
  const file = buildFile({
    name: `grpc/reflection/${version}/reflection.proto`,
    package: pkg,
    messages: [
      {
        name: 'ServerReflectionRequest',
        oneofs: ['message_request'],
        fields: [
          { name: 'host', number: 1, type: 'string' },
          { name: 'file_by_filename', number: 3, type: 'string', oneof: 0 },
          { name: 'file_containing_symbol', number: 4, type: 'string', oneof: 0 },
          { name: 'file_containing_extension', number: 5, type: t('ExtensionRequest'), oneof: 0 },
          { name: 'all_extension_numbers_of_type', number: 6, type: 'string', oneof: 0 },
          { name: 'list_services', number: 7, type: 'string', oneof: 0 },
        ],
      },
      {
        name: 'ExtensionRequest',
        fields: [
          { name: 'containing_type', number: 1, type: 'string' },
          { name: 'extension_number', number: 2, type: 'int32' },
        ],
      },
      {
        name: 'ServerReflectionResponse',
        oneofs: ['message_response'],
        fields: [
          { name: 'valid_host', number: 1, type: 'string' },
          { name: 'original_request', number: 2, type: t('ServerReflectionRequest') },
          { name: 'file_descriptor_response', number: 4, type: t('FileDescriptorResponse'), oneof: 0 },
          { name: 'all_extension_numbers_response', number: 5, type: t('ExtensionNumberResponse'), oneof: 0 },
          { name: 'list_services_response', number: 6, type: t('ListServiceResponse'), oneof: 0 },
          { name: 'error_response', number: 7, type: t('ErrorResponse'), oneof: 0 },
        ],
      },
      {
        name: 'FileDescriptorResponse',
        fields: [{ name: 'file_descriptor_proto', number: 1, type: 'bytes', repeated: true }],
      },
      {
        name: 'ExtensionNumberResponse',
        fields: [
          { name: 'base_type_name', number: 1, type: 'string' },
          { name: 'extension_number', number: 2, type: 'int32', repeated: true },
        ],
      },
      {
        name: 'ListServiceResponse',
        fields: [{ name: 'service', number: 1, type: t('ServiceResponse'), repeated: true }],
      },
      { name: 'ServiceResponse', fields: [{ name: 'name', number: 1, type: 'string' }] },
      {
        name: 'ErrorResponse',
        fields: [
          { name: 'error_code', number: 1, type: 'int32' },
          { name: 'error_message', number: 2, type: 'string' },
        ],
      },
    ],
    services: [
      {
        name: 'ServerReflection',
        methods: [
          {
            name: 'ServerReflectionInfo',
            input: t('ServerReflectionRequest'),
            output: t('ServerReflectionResponse'),
            streaming: true,
          },
        ],
      },
    ],
  })
  const registry = createFileRegistry(file, () => undefined)
  const service = registry.getService(`${pkg}.ServerReflection`)
  const request = registry.getMessage(`${pkg}.ServerReflectionRequest`)
  const response = registry.getMessage(`${pkg}.ServerReflectionResponse`)
  const method = service?.methods[0]
  if (!method || !request || !response) throw new Error(`reflection schema ${version} is incomplete`)
  return { version, method, request, response }
}

/** v1 first: v1alpha is the fallback for servers that predate v1. */
export const reflectionSchemas: readonly ReflectionSchema[] = [build('v1'), build('v1alpha')]

/** Services that are the reflection machinery itself, hidden unless `showInternalServices` is set. */
export function isInternalService(name: string): boolean {
  return name.startsWith('grpc.reflection.')
}
