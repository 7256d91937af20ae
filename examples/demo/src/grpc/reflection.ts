/**
 * gRPC server reflection (v1 and v1alpha) over the demo's compiled descriptors: real file names, comments and
 * transitive dependencies, so a client sees the same files the .proto sources declare.
 */
import { toBinary } from '@bufbuild/protobuf'
import type { DescFile, FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import { status } from '@grpc/grpc-js'
import type { ServerDuplexStream, UntypedServiceImplementation } from '@grpc/grpc-js'
import { writePaced } from './backpressure.js'

export const reflectionServiceNames = [
  'grpc.reflection.v1.ServerReflection',
  'grpc.reflection.v1alpha.ServerReflection',
]

/** The request as protobuf-es decodes it (v1 and v1alpha have the same shape). */
export interface ReflectionRequest {
  host: string
  messageRequest:
    | { case: 'fileByFilename'; value: string }
    | { case: 'fileContainingSymbol'; value: string }
    | { case: 'fileContainingExtension'; value: { containingType: string; extensionNumber: number } }
    | { case: 'allExtensionNumbersOfType'; value: string }
    | { case: 'listServices'; value: string }
    | { case: undefined; value?: undefined }
}

type ReflectionAnswer =
  | { case: 'fileDescriptorResponse'; value: { fileDescriptorProto: Uint8Array[] } }
  | { case: 'allExtensionNumbersResponse'; value: { baseTypeName: string; extensionNumber: number[] } }
  | { case: 'listServicesResponse'; value: { service: { name: string }[] } }
  | { case: 'errorResponse'; value: { errorCode: number; errorMessage: string } }

interface ReflectionResponse {
  validHost: string
  originalRequest: ReflectionRequest
  messageResponse: ReflectionAnswer
}

export function createReflectionHandlers(registry: FileRegistry): UntypedServiceImplementation {
  const encoded = new Map<DescFile, Uint8Array>()
  const bytesOf = (file: DescFile) => {
    let bytes = encoded.get(file)
    if (!bytes) encoded.set(file, (bytes = toBinary(FileDescriptorProtoSchema, file.proto)))
    return bytes
  }
  const services = [...registry].flatMap((type) => (type.kind === 'service' ? [{ name: type.typeName }] : []))

  /** The file first, then everything it imports, each once. */
  function withDependencies(file: DescFile): ReflectionAnswer {
    const files: DescFile[] = []
    const visit = (f: DescFile) => {
      if (files.includes(f)) return
      files.push(f)
      f.dependencies.forEach(visit)
    }
    visit(file)
    return { case: 'fileDescriptorResponse', value: { fileDescriptorProto: files.map(bytesOf) } }
  }

  const notFound = (what: string): ReflectionAnswer => ({
    case: 'errorResponse',
    value: { errorCode: status.NOT_FOUND, errorMessage: `${what} not found` },
  })

  function fileOfSymbol(symbol: string): DescFile | undefined {
    const name = symbol.replace(/^\./, '')
    const type = registry.get(name)
    if (type) return type.file
    // Members: a method of a service, a field of a message.
    const dot = name.lastIndexOf('.')
    const parent = dot > 0 ? registry.get(name.slice(0, dot)) : undefined
    const member = name.slice(dot + 1)
    if (parent?.kind === 'service' && parent.methods.some((m) => m.name === member)) return parent.file
    if (parent?.kind === 'message' && parent.fields.some((f) => f.name === member)) return parent.file
    return undefined
  }

  function answer(request: ReflectionRequest): ReflectionAnswer {
    const asked = request.messageRequest
    switch (asked.case) {
      case 'listServices':
        return { case: 'listServicesResponse', value: { service: services } }
      case 'fileByFilename': {
        const file = registry.getFile(asked.value)
        return file ? withDependencies(file) : notFound(`File ${asked.value}`)
      }
      case 'fileContainingSymbol': {
        const file = fileOfSymbol(asked.value)
        return file ? withDependencies(file) : notFound(`Symbol ${asked.value}`)
      }
      case 'fileContainingExtension': {
        const extendee = registry.getMessage(asked.value.containingType)
        const extension = extendee && registry.getExtensionFor(extendee, asked.value.extensionNumber)
        return extension
          ? withDependencies(extension.file)
          : notFound(`Extension ${asked.value.extensionNumber} of ${asked.value.containingType}`)
      }
      case 'allExtensionNumbersOfType': {
        if (!registry.getMessage(asked.value)) return notFound(`Type ${asked.value}`)
        const numbers = [...registry].flatMap((t) =>
          t.kind === 'extension' && t.extendee.typeName === asked.value ? [t.number] : [],
        )
        return { case: 'allExtensionNumbersResponse', value: { baseTypeName: asked.value, extensionNumber: numbers } }
      }
      case undefined:
        return { case: 'errorResponse', value: { errorCode: status.INVALID_ARGUMENT, errorMessage: 'Empty request' } }
    }
  }

  return {
    ServerReflectionInfo: (call: ServerDuplexStream<ReflectionRequest, ReflectionResponse>) => {
      call.on('data', (request: ReflectionRequest) => {
        writePaced(call, { validHost: request.host, originalRequest: request, messageResponse: answer(request) })
      })
      call.once('end', () => call.end())
    },
  }
}
