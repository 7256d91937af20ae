/**
 * Repairs file descriptors that servers send malformed (notably @grpc/reflection, whose descriptors come from
 * protobufjs): type names without a leading dot or relative to their scope, empty dependency lists, empty
 * `json_name`s, proto3 `optional` fields described as real oneofs, and well-known types under invented file names.
 */
import { isFieldSet } from '@bufbuild/protobuf'
import { protoCamelCase } from '@bufbuild/protobuf/reflect'
import { FieldDescriptorProtoSchema, FieldDescriptorProto_Type } from '@bufbuild/protobuf/wkt'
import type { DescriptorProto, EnumDescriptorProto, FileDescriptorProto } from '@bufbuild/protobuf/wkt'

type TypeKind = 'message' | 'enum'

const oneofIndexField = FieldDescriptorProtoSchema.field.oneofIndex

interface TypeIndex {
  /** Fully qualified name (no leading dot) → the file that defines it and what it is. */
  types: Map<string, { file: string; kind: TypeKind }>
}

export interface RepairResult {
  files: FileDescriptorProto[]
  /** References no file defines, each with the fully qualified names it could mean (most likely first). */
  unresolved: { reference: string; candidates: string[]; file: string }[]
}

function join(scope: string, name: string): string {
  return scope === '' ? name : `${scope}.${name}`
}

function indexMessages(
  index: TypeIndex,
  file: string,
  scope: string,
  messages: DescriptorProto[],
  enums: EnumDescriptorProto[],
): void {
  for (const e of enums) index.types.set(join(scope, e.name), { file, kind: 'enum' })
  for (const m of messages) {
    const name = join(scope, m.name)
    index.types.set(name, { file, kind: 'message' })
    indexMessages(index, file, name, m.nestedType, m.enumType)
  }
}

function buildIndex(files: readonly FileDescriptorProto[]): TypeIndex {
  const index: TypeIndex = { types: new Map() }
  for (const file of files) indexMessages(index, file.name, file.package, file.messageType, file.enumType)
  return index
}

/** Scopes from the innermost outwards: `a.b.C` → `a.b.C`, `a.b`, `a`, ``. */
function scopesOf(scope: string): string[] {
  const out = [scope]
  for (let s = scope; s !== '';) {
    s = s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : ''
    out.push(s)
  }
  return out
}

/** Protobuf name resolution, simplified to "innermost scope that defines the whole name wins". */
function candidatesFor(reference: string, scope: string): string[] {
  if (reference.startsWith('.')) return [reference.slice(1)]
  return scopesOf(scope).map((s) => join(s, reference))
}

/** The top-level type names of a file (to recognise a renamed copy of the well-known types). */
function topLevelTypes(file: FileDescriptorProto): string[] {
  return [...file.messageType, ...file.enumType].map((t) => join(file.package, t.name))
}

/**
 * Drops received files that duplicate the seeded well-known types: the same file name, or a `google.protobuf`
 * file (under any name) that only defines well-known types.
 */
function withoutSeededDuplicates(
  received: readonly FileDescriptorProto[],
  seeded: readonly FileDescriptorProto[],
): { kept: FileDescriptorProto[]; renamed: Map<string, string[]> } {
  const seededNames = new Set(seeded.map((f) => f.name))
  const seededIndex = buildIndex(seeded)
  const renamed = new Map<string, string[]>()
  const kept = received.filter((file) => {
    if (seededNames.has(file.name)) return false
    const types = topLevelTypes(file)
    if (file.package === 'google.protobuf' && types.length > 0 && types.every((t) => seededIndex.types.has(t))) {
      renamed.set(file.name, types)
      return false
    }
    return true
  })
  return { kept, renamed }
}

export function repairDescriptors(
  received: readonly FileDescriptorProto[],
  seeded: readonly FileDescriptorProto[],
): RepairResult {
  const { kept, renamed } = withoutSeededDuplicates(received, seeded)
  const index = buildIndex([...seeded, ...kept])
  const unresolved: RepairResult['unresolved'] = []

  for (const file of kept) {
    const needed = new Set<string>()
    const resolve = (reference: string, scope: string): { name: string; kind: TypeKind } | undefined => {
      const candidates = candidatesFor(reference, scope)
      for (const name of candidates) {
        const found = index.types.get(name)
        if (found) {
          if (found.file !== file.name) needed.add(found.file)
          return { name, kind: found.kind }
        }
      }
      unresolved.push({ reference, candidates, file: file.name })
      return undefined
    }

    const repairMessage = (message: DescriptorProto, scope: string): void => {
      const name = join(scope, message.name)
      for (const field of message.field) {
        if (field.jsonName === '') field.jsonName = protoCamelCase(field.name)
        if (field.typeName !== '') {
          const target = resolve(field.typeName, name)
          if (target) {
            field.typeName = `.${target.name}`
            // Some encoders leave `type` unset for references; the kind of the target says which it is.
            if (field.type !== FieldDescriptorProto_Type.GROUP) {
              field.type = target.kind === 'enum' ? FieldDescriptorProto_Type.ENUM : FieldDescriptorProto_Type.MESSAGE
            }
          }
        }
        if (field.extendee !== '') {
          const target = resolve(field.extendee, name)
          if (target) field.extendee = `.${target.name}`
        }
      }
      repairSyntheticOneofs(file, message)
      for (const nested of message.nestedType) repairMessage(nested, name)
    }

    for (const message of file.messageType) repairMessage(message, file.package)
    for (const extension of file.extension) {
      if (extension.jsonName === '') extension.jsonName = protoCamelCase(extension.name)
      for (const key of ['typeName', 'extendee'] as const) {
        if (extension[key] === '') continue
        const target = resolve(extension[key], file.package)
        if (target) extension[key] = `.${target.name}`
      }
    }
    for (const service of file.service) {
      for (const method of service.method) {
        const input = resolve(method.inputType, file.package)
        if (input) method.inputType = `.${input.name}`
        const output = resolve(method.outputType, file.package)
        if (output) method.outputType = `.${output.name}`
      }
    }
    // Declared imports stay in place (public/weak indices point into the list); what is missing is appended.
    const declared = file.dependency.filter((d) => !renamed.has(d))
    const missing = [...needed].filter((d) => !declared.includes(d)).sort()
    if (missing.length > 0 || declared.length !== file.dependency.length) {
      file.dependency = [...declared, ...missing]
      file.publicDependency = []
      file.weakDependency = []
    }
  }
  return { files: kept, unresolved }
}

/**
 * protobufjs describes a proto3 `optional x` as a real oneof named `_x` holding only x, without `proto3_optional`;
 * as a real oneof it would change the JSON and the form (a one-member choice group).
 */
function repairSyntheticOneofs(file: FileDescriptorProto, message: DescriptorProto): void {
  if (file.syntax !== 'proto3') return
  message.oneofDecl.forEach((oneof, i) => {
    const members = message.field.filter((f) => f.oneofIndex === i && isFieldSet(f, oneofIndexField))
    const only = members[0]
    if (members.length === 1 && only && oneof.name === `_${only.name}` && !only.proto3Optional)
      only.proto3Optional = true
  })
}
