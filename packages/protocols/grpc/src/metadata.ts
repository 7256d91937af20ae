/**
 * Call metadata: the context's headers become gRPC request metadata (ASCII values; `-bin` keys carry base64), and
 * response headers and trailers come back as plain records with lower-case names.
 */
import { WorkbenchError } from '@wirebench/core'
import { NodeHeaders } from './node-headers.js'
import type { GrpcWire } from './types.js'

// Set by the transport (or HTTP/2 itself); a user value would corrupt the call rather than customise it.
const reserved = new Set([
  'content-type',
  'content-length',
  'te',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'grpc-encoding',
  'grpc-accept-encoding',
  'grpc-timeout',
  'grpc-status',
  'grpc-message',
  'grpc-status-details-bin',
  'connect-timeout-ms',
  'connect-protocol-version',
  'connect-content-encoding',
  'connect-accept-encoding',
])

const validKey = /^[0-9a-z_.-]+$/
const printableAscii = /^[\x20-\x7e]*$/
const base64 = /^[A-Za-z0-9+/]*={0,2}$|^[A-Za-z0-9_-]*$/

function invalid(message: string, hint: string): WorkbenchError {
  return new WorkbenchError('invalid_request', message, { hint })
}

/** Request headers of one call: metadata, plus the deadline header of the wire protocol. */
export function requestHeaders(
  metadata: Record<string, string>,
  options: { wire: GrpcWire; deadline: number | undefined },
): Headers {
  const headers = new NodeHeaders()
  for (const [rawKey, value] of Object.entries(metadata)) {
    const key = rawKey.toLowerCase()
    if (!validKey.test(key)) {
      throw invalid(
        `Metadata key "${rawKey}" is not a valid gRPC metadata name.`,
        'Use lower-case letters, digits, "-", "_" and ".".',
      )
    }
    if (reserved.has(key)) {
      throw invalid(`Metadata key "${key}" is set by the gRPC transport.`, 'Remove it from the metadata.')
    }
    if (key.endsWith('-bin')) {
      if (!base64.test(value))
        throw invalid(`Metadata "${key}" must be base64.`, 'Binary (-bin) metadata values are base64.')
    } else if (!printableAscii.test(value)) {
      throw invalid(
        `Metadata "${key}" has characters gRPC metadata cannot carry.`,
        `Use printable ASCII, or a key ending in -bin with a base64 value.`,
      )
    }
    headers.append(key, value)
  }
  if (options.deadline !== undefined) {
    // The budget travels to the server (it stops work there too); the context's signal ends the call here.
    const ms = Math.max(1, Math.min(99_999_999, Math.ceil(options.deadline - Date.now())))
    headers.set(
      options.wire === 'connect' ? 'connect-timeout-ms' : 'grpc-timeout',
      options.wire === 'connect' ? `${ms}` : `${ms}m`,
    )
  }
  return headers
}

/** Response headers or trailers as a record (lower-case names; repeated values joined with ", "). */
export function headersRecord(headers: Headers | undefined): Record<string, string> {
  if (headers instanceof NodeHeaders) return headers.toRecord()
  const out: Record<string, string> = {}
  headers?.forEach((value, key) => {
    out[key] = value
  })
  return out
}
