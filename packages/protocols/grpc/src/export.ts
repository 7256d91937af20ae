/**
 * Code export of gRPC calls: `grpcurl` (gRPC over HTTP/2 only) from the prepared call — the method's full name, the
 * address and TLS the call would use, the metadata it would send, the messages as proto3 JSON — and `wirebench call`
 * for every wire. grpcurl reads descriptors by reflection, or from the uploaded .proto files (`-import-path`/`-proto`).
 */
import {
  createReferenceMask,
  markerNotes,
  maskDeep,
  shellQuote,
  unsupportedExportFormat,
  wirebenchCommand,
} from '@wirebench/core'
import type { Call, CallContext, ExportedSnippet, ExportFormat, ExportOptions } from '@wirebench/core'
import type { PreparedCall } from './prepared-call.js'
import type { GrpcWire } from './types.js'

/** Headers the transport sets for the call's own budget: grpcurl has `-max-time` for that. */
const transportHeaders = new Set(['grpc-timeout', 'connect-timeout-ms'])

export function exportFormatsOf(wire: GrpcWire): readonly ExportFormat[] {
  return wire === 'grpc' ? ['grpcurl', 'wirebench'] : ['wirebench']
}

export function exportGrpcCall(
  call: Call,
  wire: GrpcWire,
  ctx: CallContext,
  options: ExportOptions,
  prepare: () => Promise<PreparedCall>,
): Promise<ExportedSnippet> | ExportedSnippet {
  const formats = exportFormatsOf(wire)
  if (!formats.includes(options.format)) throw unsupportedExportFormat(options.format, wire, formats)
  const mask = createReferenceMask(options.references)
  if (options.format === 'wirebench') {
    return wirebenchCommand({ protocol: wire, call, headers: ctx.metadata, markers: ctx.markers, mask })
  }
  return prepare().then((prepared) => grpcurlSnippet(call, prepared, ctx, mask))
}

function grpcurlSnippet(
  call: Call,
  prepared: PreparedCall,
  ctx: CallContext,
  mask: (text: string) => string,
): ExportedSnippet {
  const notes = markerNotes(ctx.markers)
  const url = new URL(prepared.address.baseUrl)
  const lines = ['grpcurl']
  if (!prepared.address.tls) lines.push('-plaintext')
  else if (ctx.markers.trust?.allowSelfSigned === true || ctx.markers.mtls?.allowSelfSigned === true) {
    lines.push('-insecure')
  } else if (ctx.markers.trust?.caCertificate !== undefined || ctx.markers.mtls?.caCertificate !== undefined) {
    lines.push('-cacert ca.pem')
    notes.push('Save the environment’s CA certificate as ca.pem.')
  }
  if (ctx.markers.mtls) lines.push('-cert client.pem', '-key client-key.pem')
  if (url.pathname !== '/' && url.pathname !== '')
    notes.push(`The server's path prefix ${url.pathname} is not sent by grpcurl.`)
  // An uploaded target is a .proto file name; a discovered one a URL that serves reflection.
  const isUpload = !/^[a-z][a-z0-9+.-]*:\/\//i.test(call.target) && !/:\d+$/.test(call.target)
  if (isUpload) {
    lines.push('-import-path .', `-proto ${shellQuote(call.target)}`)
    notes.push(`Run it in the folder holding ${call.target} and the .proto files it imports.`)
  }
  prepared.headers.forEach((value, name) => {
    if (!transportHeaders.has(name)) lines.push(`-H ${shellQuote(`${name}: ${mask(value)}`)}`)
  })
  if (call.messages.length > 0) {
    // grpcurl reads a stream of JSON objects from -d: one per message of a client stream.
    const data = call.messages.map((message) => JSON.stringify(maskDeep(message, mask))).join(' ')
    lines.push(`-d ${shellQuote(data)}`)
  }
  lines.push(shellQuote(url.host), shellQuote(`${prepared.desc.parent.typeName}/${prepared.desc.name}`))
  const result: ExportedSnippet = { snippet: lines.join(' \\\n  '), language: 'shell' }
  if (notes.length > 0) result.notes = notes
  return result
}
