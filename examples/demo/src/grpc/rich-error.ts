/** Builds gRPC errors; invalid input carries google.rpc.Status with BadRequest and ErrorInfo in grpc-status-details-bin. */
import { create, toBinary } from '@bufbuild/protobuf'
import type { FileRegistry } from '@bufbuild/protobuf'
import { anyPack } from '@bufbuild/protobuf/wkt'
import { Metadata, status } from '@grpc/grpc-js'
import type { ServerErrorResponse } from '@grpc/grpc-js'
import { requireMessage } from './descriptors.js'

export interface FieldViolation {
  /** Path to the field in the request, with proto field names, e.g. `station.location.latitude`. */
  field: string
  description: string
}

export const errorDomain = 'demo.wirebench.dev'

export function statusError(code: status, message: string, metadata = new Metadata()): ServerErrorResponse {
  return Object.assign(new Error(message), { code, details: message, metadata })
}

export interface InvalidArgumentOptions {
  message: string
  /** A stable, machine-readable reason for ErrorInfo, e.g. INVALID_STATION. */
  reason: string
  violations: FieldViolation[]
}

export type InvalidArgument = (options: InvalidArgumentOptions) => ServerErrorResponse

/** INVALID_ARGUMENT carrying every violation as google.rpc.BadRequest, plus an ErrorInfo with a stable reason. */
export function createInvalidArgument(registry: FileRegistry): InvalidArgument {
  const statusSchema = requireMessage(registry, 'google.rpc.Status')
  const badRequestSchema = requireMessage(registry, 'google.rpc.BadRequest')
  const errorInfoSchema = requireMessage(registry, 'google.rpc.ErrorInfo')
  return (options) => {
    const badRequest = create(badRequestSchema, { fieldViolations: options.violations })
    const errorInfo = create(errorInfoSchema, {
      reason: options.reason,
      domain: errorDomain,
      metadata: { violations: String(options.violations.length) },
    })
    const details = create(statusSchema, {
      code: status.INVALID_ARGUMENT,
      message: options.message,
      details: [anyPack(badRequestSchema, badRequest), anyPack(errorInfoSchema, errorInfo)],
    })
    const metadata = new Metadata()
    metadata.set('grpc-status-details-bin', Buffer.from(toBinary(statusSchema, details)))
    return statusError(status.INVALID_ARGUMENT, options.message, metadata)
  }
}
