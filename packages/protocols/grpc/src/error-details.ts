/**
 * Rich error details (`grpc-status-details-bin`, a google.rpc.Status): each detail decoded to proto3 JSON with its
 * `@type` when its type is known, from the target's own descriptors or the standard google.rpc error details.
 */
import { createFileRegistry, fromBinary, toJson } from '@bufbuild/protobuf'
import type { DescMessage, JsonValue, Registry } from '@bufbuild/protobuf'
import { file_google_protobuf_duration } from '@bufbuild/protobuf/wkt'
import type { ConnectError } from '@connectrpc/connect'
import { buildFile } from './descriptors/proto-builder.js'
import type { MessageSpec } from './descriptors/proto-builder.js'

const r = (name: string): `.${string}` => `.google.rpc.${name}`

const messages: MessageSpec[] = [
  {
    name: 'ErrorInfo',
    fields: [
      { name: 'reason', number: 1, type: 'string' },
      { name: 'domain', number: 2, type: 'string' },
      { name: 'metadata', number: 3, type: r('ErrorInfo.MetadataEntry'), repeated: true },
    ],
    nested: [
      {
        name: 'MetadataEntry',
        mapEntry: true,
        fields: [
          { name: 'key', number: 1, type: 'string' },
          { name: 'value', number: 2, type: 'string' },
        ],
      },
    ],
  },
  { name: 'RetryInfo', fields: [{ name: 'retry_delay', number: 1, type: '.google.protobuf.Duration' }] },
  {
    name: 'DebugInfo',
    fields: [
      { name: 'stack_entries', number: 1, type: 'string', repeated: true },
      { name: 'detail', number: 2, type: 'string' },
    ],
  },
  {
    name: 'QuotaFailure',
    fields: [{ name: 'violations', number: 1, type: r('QuotaFailure.Violation'), repeated: true }],
    nested: [
      {
        name: 'Violation',
        fields: [
          { name: 'subject', number: 1, type: 'string' },
          { name: 'description', number: 2, type: 'string' },
        ],
      },
    ],
  },
  {
    name: 'PreconditionFailure',
    fields: [{ name: 'violations', number: 1, type: r('PreconditionFailure.Violation'), repeated: true }],
    nested: [
      {
        name: 'Violation',
        fields: [
          { name: 'type', number: 1, type: 'string' },
          { name: 'subject', number: 2, type: 'string' },
          { name: 'description', number: 3, type: 'string' },
        ],
      },
    ],
  },
  {
    name: 'BadRequest',
    fields: [{ name: 'field_violations', number: 1, type: r('BadRequest.FieldViolation'), repeated: true }],
    nested: [
      {
        name: 'FieldViolation',
        fields: [
          { name: 'field', number: 1, type: 'string' },
          { name: 'description', number: 2, type: 'string' },
          { name: 'reason', number: 3, type: 'string' },
          { name: 'localized_message', number: 4, type: r('LocalizedMessage') },
        ],
      },
    ],
  },
  {
    name: 'RequestInfo',
    fields: [
      { name: 'request_id', number: 1, type: 'string' },
      { name: 'serving_data', number: 2, type: 'string' },
    ],
  },
  {
    name: 'ResourceInfo',
    fields: [
      { name: 'resource_type', number: 1, type: 'string' },
      { name: 'resource_name', number: 2, type: 'string' },
      { name: 'owner', number: 3, type: 'string' },
      { name: 'description', number: 4, type: 'string' },
    ],
  },
  {
    name: 'Help',
    fields: [{ name: 'links', number: 1, type: r('Help.Link'), repeated: true }],
    nested: [
      {
        name: 'Link',
        fields: [
          { name: 'description', number: 1, type: 'string' },
          { name: 'url', number: 2, type: 'string' },
        ],
      },
    ],
  },
  {
    name: 'LocalizedMessage',
    fields: [
      { name: 'locale', number: 1, type: 'string' },
      { name: 'message', number: 2, type: 'string' },
    ],
  },
]

/** The standard error details of google/rpc/error_details.proto (googleapis). */
export const rpcDetailsRegistry: Registry = createFileRegistry(
  buildFile({
    name: 'google/rpc/error_details.proto',
    package: 'google.rpc',
    dependencies: ['google/protobuf/duration.proto'],
    messages,
  }),
  (name) => (name === file_google_protobuf_duration.proto.name ? file_google_protobuf_duration : undefined),
)

const typeUrlPrefix = 'type.googleapis.com/'

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/** The details of a failed call in the JSON form of google.protobuf.Any; unknown types keep their bytes (base64). */
export function decodeErrorDetails(error: ConnectError, registry: Registry | undefined): JsonValue[] {
  const out: JsonValue[] = []
  for (const detail of error.details) {
    if ('desc' in detail) continue
    const typeName = detail.type.startsWith(typeUrlPrefix) ? detail.type.slice(typeUrlPrefix.length) : detail.type
    const typeUrl = `${typeUrlPrefix}${typeName}`
    const desc: DescMessage | undefined = registry?.getMessage(typeName) ?? rpcDetailsRegistry.getMessage(typeName)
    if (desc) {
      try {
        const json = toJson(desc, fromBinary(desc, detail.value), { registry: registry ?? rpcDetailsRegistry })
        const isObjectJson = typeof json === 'object' && json !== null && !Array.isArray(json)
        out.push(isObjectJson ? { '@type': typeUrl, ...json } : { '@type': typeUrl, value: json })
        continue
      } catch {
        // Bytes that do not decode as the named type are shown raw, like an unknown type.
      }
    }
    out.push({ '@type': typeUrl, value: base64(detail.value) })
  }
  return out
}
