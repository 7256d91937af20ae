/**
 * Maps protobuf-es descriptors onto the wire model (ServiceInfo, MethodInfo, MessageInfo, FieldInfo). Nested
 * messages are cut at a depth cap, at a cycle (a recursive message) and past a field budget, and flagged `truncated`.
 */
import { ScalarType } from '@bufbuild/protobuf'
import { FieldDescriptorProto_Label, MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt'
import type { DescEnum, DescField, DescMessage, DescMethod, DescService } from '@bufbuild/protobuf'
import type { FieldInfo, FieldType, MessageInfo, MethodInfo, MethodType, ServiceInfo } from '@wirebench/core'
import { wellKnownJsonTypes } from './descriptors/well-known.js'
import { fieldComment, methodComment } from './proto-comments.js'

export interface DescribeOptions {
  source: string
  /** Depth cap of request messages. */
  maxInputDepth: number
  /** Depth cap of response messages (kept shallow: the form is for requests). */
  maxOutputDepth: number
  /** Fields emitted per method before the rest is cut. */
  maxFieldsPerMethod?: number
}

const scalarNames: Record<ScalarType, FieldType> = {
  [ScalarType.DOUBLE]: 'double',
  [ScalarType.FLOAT]: 'float',
  [ScalarType.INT64]: 'int64',
  [ScalarType.UINT64]: 'uint64',
  [ScalarType.INT32]: 'int32',
  [ScalarType.FIXED64]: 'fixed64',
  [ScalarType.FIXED32]: 'fixed32',
  [ScalarType.BOOL]: 'bool',
  [ScalarType.STRING]: 'string',
  [ScalarType.BYTES]: 'bytes',
  [ScalarType.UINT32]: 'uint32',
  [ScalarType.SFIXED32]: 'sfixed32',
  [ScalarType.SFIXED64]: 'sfixed64',
  [ScalarType.SINT32]: 'sint32',
  [ScalarType.SINT64]: 'sint64',
}

const methodTypes: Record<DescMethod['methodKind'], MethodType> = {
  unary: 'Unary',
  server_streaming: 'ServerStreaming',
  client_streaming: 'ClientStreaming',
  bidi_streaming: 'Duplex',
}

interface Walk {
  maxDepth: number
  /** Fields still allowed for this method. */
  budget: number
}

function enumValues(desc: DescEnum): FieldInfo['enumValues'] {
  return desc.values.map((v) => ({ name: v.name, number: v.number }))
}

function cut(desc: DescMessage): MessageInfo {
  return { name: desc.name, fullName: desc.typeName, fields: [], truncated: true }
}

function describeMessage(desc: DescMessage, walk: Walk, depth: number, path: ReadonlySet<string>): MessageInfo {
  // Well-known types are shown by `format`: their JSON form (a string, a number, any JSON) is not their fields.
  if (wellKnownJsonTypes.has(desc.typeName)) return { name: desc.name, fullName: desc.typeName, fields: [] }
  if (depth >= walk.maxDepth || path.has(desc.typeName) || walk.budget <= 0) return cut(desc)
  const inner = new Set(path).add(desc.typeName)
  const fields: FieldInfo[] = []
  for (const field of desc.fields) {
    if (walk.budget-- <= 0) return { ...cut(desc), fields }
    fields.push(describeField(field, walk, depth, inner))
  }
  return { name: desc.name, fullName: desc.typeName, fields }
}

function describeField(field: DescField, walk: Walk, depth: number, path: ReadonlySet<string>): FieldInfo {
  const info: FieldInfo = {
    name: field.jsonName,
    number: field.number,
    type: 'string',
    label: field.proto.label === FieldDescriptorProto_Label.REQUIRED ? 'required' : 'optional',
    isRepeated: false,
    isMap: false,
    required: field.proto.label === FieldDescriptorProto_Label.REQUIRED,
    isBinary: false,
  }
  if (field.name !== field.jsonName) info.wireName = field.name
  const comment = fieldComment(field)
  if (comment) info.description = comment
  if (field.deprecated) info.deprecated = true
  if (field.oneof) info.oneofName = field.oneof.name
  const message = (desc: DescMessage): void => {
    info.type = 'message'
    info.messageType = describeMessage(desc, walk, depth + 1, path)
    if (wellKnownJsonTypes.has(desc.typeName)) info.format = desc.typeName
  }
  switch (field.fieldKind) {
    case 'scalar':
      info.type = scalarNames[field.scalar]
      break
    case 'enum':
      info.type = 'enum'
      info.enumValues = enumValues(field.enum)
      break
    case 'message':
      message(field.message)
      break
    case 'list':
      info.label = 'repeated'
      info.isRepeated = true
      if (field.listKind === 'scalar') info.type = scalarNames[field.scalar]
      else if (field.listKind === 'enum') {
        info.type = 'enum'
        info.enumValues = enumValues(field.enum)
      } else message(field.message)
      break
    case 'map':
      info.type = 'message'
      info.isMap = true
      info.mapKeyType = scalarNames[field.mapKey]
      if (field.mapKind === 'scalar') info.mapValueType = scalarNames[field.scalar]
      else if (field.mapKind === 'enum') {
        info.mapValueType = 'enum'
        info.enumValues = enumValues(field.enum)
      } else {
        message(field.message)
        info.mapValueType = 'message'
      }
      break
  }
  if (info.type === 'bytes') {
    info.isBinary = true
    info.format = 'byte'
  }
  return info
}

export function describeMethod(method: DescMethod, options: DescribeOptions): MethodInfo {
  const budget = options.maxFieldsPerMethod ?? 5_000
  const input: Walk = { maxDepth: options.maxInputDepth, budget }
  const output: Walk = { maxDepth: options.maxOutputDepth, budget }
  const clientStreaming = method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming'
  const serverStreaming = method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming'
  const comment = methodComment(method)
  return {
    name: method.name,
    fullName: `${method.parent.typeName}.${method.name}`,
    clientStreaming,
    serverStreaming,
    methodType: methodTypes[method.methodKind],
    inputType: describeMessage(method.input, input, 0, new Set()),
    outputType: describeMessage(method.output, output, 0, new Set()),
    deprecated: method.deprecated,
    ...(comment ? { description: comment } : {}),
    ...(idempotencyNames[method.idempotency] ? { idempotency: idempotencyNames[method.idempotency] } : {}),
  }
}

const idempotencyNames: Partial<Record<MethodOptions_IdempotencyLevel, MethodInfo['idempotency']>> = {
  [MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS]: 'NO_SIDE_EFFECTS',
  [MethodOptions_IdempotencyLevel.IDEMPOTENT]: 'IDEMPOTENT',
}

export function describeService(service: DescService, options: DescribeOptions): ServiceInfo {
  const pkg = service.file.proto.package
  return {
    name: service.typeName,
    package: pkg,
    methods: service.methods.map((m) => describeMethod(m, options)),
    source: options.source,
    isUploaded: options.source !== 'reflection',
    protocol: 'grpc',
  }
}
