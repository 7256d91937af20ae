/**
 * The leading comments of fields and methods, from the file's `source_code_info` (reflection servers that compiled
 * their protos with comments serve it, as do uploads compiled here): the form shows them, and the rules they state
 * ("3 to 32 characters", "32 bytes") guide its examples. Files without it give none.
 */
import type { DescField, DescFile, DescMessage, DescMethod } from '@bufbuild/protobuf'

// FileDescriptorProto / DescriptorProto / ServiceDescriptorProto field numbers that make up a location's path.
const FILE_MESSAGE = 4
const FILE_SERVICE = 6
const MESSAGE_FIELD = 2
const MESSAGE_NESTED = 3
const SERVICE_METHOD = 2

/** Comments by path (`4,0,2,1`), per file: built once, on the first look. */
const byFile = new WeakMap<DescFile, Map<string, string>>()

function commentsOf(file: DescFile): Map<string, string> {
  let comments = byFile.get(file)
  if (comments) return comments
  comments = new Map()
  for (const location of file.proto.sourceCodeInfo?.location ?? []) {
    const text = location.leadingComments.trim()
    if (text) comments.set(location.path.join(','), text.replace(/\n[ \t]?/g, '\n'))
  }
  byFile.set(file, comments)
  return comments
}

function messagePath(message: DescMessage): number[] {
  if (message.parent) {
    return [...messagePath(message.parent), MESSAGE_NESTED, message.parent.proto.nestedType.indexOf(message.proto)]
  }
  return [FILE_MESSAGE, message.file.proto.messageType.indexOf(message.proto)]
}

export function fieldComment(field: DescField): string | undefined {
  const path = [...messagePath(field.parent), MESSAGE_FIELD, field.parent.proto.field.indexOf(field.proto)]
  return commentsOf(field.parent.file).get(path.join(','))
}

export function methodComment(method: DescMethod): string | undefined {
  const service = method.parent
  const path = [
    FILE_SERVICE,
    service.file.proto.service.indexOf(service.proto),
    SERVICE_METHOD,
    service.proto.method.indexOf(method.proto),
  ]
  return commentsOf(service.file).get(path.join(','))
}
