/**
 * Builds small FileDescriptorProtos in code, for the few schemas the plugin itself needs (server reflection,
 * google.rpc error details) without a compiler or generated code.
 */
import { create } from '@bufbuild/protobuf'
import type { MessageInitShape } from '@bufbuild/protobuf'
import {
  DescriptorProtoSchema,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt'
import type { DescriptorProto, FieldDescriptorProtoSchema, FileDescriptorProto } from '@bufbuild/protobuf/wkt'

const scalarTypes = {
  string: FieldDescriptorProto_Type.STRING,
  int32: FieldDescriptorProto_Type.INT32,
  int64: FieldDescriptorProto_Type.INT64,
  bytes: FieldDescriptorProto_Type.BYTES,
  bool: FieldDescriptorProto_Type.BOOL,
} as const

export interface FieldSpec {
  name: string
  number: number
  /** A scalar name, or the fully qualified name of a message (with a leading dot). */
  type: keyof typeof scalarTypes | `.${string}`
  repeated?: boolean
  /** Index into the message's `oneofs`. */
  oneof?: number
}

export interface MessageSpec {
  name: string
  fields: FieldSpec[]
  oneofs?: string[]
  nested?: MessageSpec[]
  /** A synthetic map entry message (`key` = 1, `value` = 2). */
  mapEntry?: boolean
}

export interface FileSpec {
  name: string
  package: string
  dependencies?: string[]
  messages: MessageSpec[]
  services?: { name: string; methods: { name: string; input: string; output: string; streaming?: boolean }[] }[]
}

function field(spec: FieldSpec): MessageInitShape<typeof FieldDescriptorProtoSchema> {
  const isMessage = spec.type.startsWith('.')
  const out: MessageInitShape<typeof FieldDescriptorProtoSchema> = {
    name: spec.name,
    number: spec.number,
    label: spec.repeated ? FieldDescriptorProto_Label.REPEATED : FieldDescriptorProto_Label.OPTIONAL,
    type: isMessage ? FieldDescriptorProto_Type.MESSAGE : scalarTypes[spec.type as keyof typeof scalarTypes],
    jsonName: spec.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
  }
  if (isMessage) out.typeName = spec.type
  if (spec.oneof !== undefined) out.oneofIndex = spec.oneof
  return out
}

function message(spec: MessageSpec): DescriptorProto {
  return create(DescriptorProtoSchema, {
    name: spec.name,
    field: spec.fields.map(field),
    oneofDecl: (spec.oneofs ?? []).map((name) => ({ name })),
    nestedType: (spec.nested ?? []).map(message),
    ...(spec.mapEntry ? { options: { mapEntry: true } } : {}),
  })
}

export function buildFile(spec: FileSpec): FileDescriptorProto {
  return create(FileDescriptorProtoSchema, {
    name: spec.name,
    package: spec.package,
    syntax: 'proto3',
    dependency: spec.dependencies ?? [],
    messageType: spec.messages.map(message),
    service: (spec.services ?? []).map((service) => ({
      name: service.name,
      method: service.methods.map((m) => ({
        name: m.name,
        inputType: m.input,
        outputType: m.output,
        clientStreaming: m.streaming === true,
        serverStreaming: m.streaming === true,
      })),
    })),
  })
}
