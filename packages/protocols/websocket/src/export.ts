/**
 * Code export of WebSocket calls: the upgrade `buildUpgradeRequest` makes (address with any API key, headers,
 * subprotocols) and the call's messages as the text frames they go out as, for wscat (`-x` per message, then
 * `-w` seconds of listening) and websocat (one stdin line per message; it closes at the end of input).
 */
import {
  createReferenceMask,
  markerNotes,
  shellQuote,
  unsupportedExportFormat,
  wirebenchCommand,
} from '@wirebench/core'
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '@wirebench/core'
import type { UpgradeRequest } from './handshake.js'
import { webSocketManifest } from './manifest.js'
import { toOutgoing } from './send-message.js'

const formats = webSocketManifest.exportFormats ?? []

// Async so that a refusal is a rejected promise, as `ProtocolPlugin.exportCall` answers it.
// eslint-disable-next-line @typescript-eslint/require-await
export async function exportWebSocketCall(
  call: Call,
  ctx: CallContext,
  options: ExportOptions,
  prepare: () => UpgradeRequest,
): Promise<ExportedSnippet> {
  if (!formats.includes(options.format)) throw unsupportedExportFormat(options.format, 'websocket', formats)
  const mask = createReferenceMask(options.references)
  if (options.format === 'wirebench') {
    return wirebenchCommand({ protocol: 'websocket', call, headers: ctx.metadata, markers: ctx.markers, mask })
  }
  const request = prepare()
  const notes = markerNotes(ctx.markers)
  const texts: string[] = []
  for (const message of call.messages) {
    const outgoing = toOutgoing(message)
    if (outgoing.kind === 'text') texts.push(mask(outgoing.data))
    else notes.push(`A ${outgoing.kind} frame is left out: the snippet sends text frames only.`)
  }
  const headers = Object.entries(request.clientOptions.headers ?? {}).map(([name, value]): [string, string] => [
    name,
    mask(String(value)),
  ])
  const url = mask(request.wireUrl)
  const snippet =
    options.format === 'wscat'
      ? wscat(url, headers, request.protocols, texts)
      : websocat(url, headers, request.protocols, texts, notes)
  return { snippet, language: 'shell', ...(notes.length > 0 ? { notes } : {}) }
}

function wscat(url: string, headers: Array<[string, string]>, protocols: string[], texts: string[]): string {
  const lines = [`wscat -c ${shellQuote(url)}`]
  // wscat keeps what follows the colon as the value, space included: none is written.
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}:${value}`)}`)
  for (const protocol of protocols) lines.push(`-s ${shellQuote(protocol)}`)
  for (const text of texts) lines.push(`-x ${shellQuote(text)}`)
  if (texts.length > 0) lines.push('-w 2')
  return lines.join(' \\\n  ')
}

function websocat(
  url: string,
  headers: Array<[string, string]>,
  protocols: string[],
  texts: string[],
  notes: string[],
): string {
  const lines = ['websocat']
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  if (protocols.length > 0) lines.push(`--protocol ${shellQuote(protocols.join(', '))}`)
  lines.push(shellQuote(url))
  const command = lines.join(' \\\n  ')
  if (texts.some((text) => text.includes('\n'))) {
    notes.push('websocat sends one message per input line: a message holding a line break is split.')
  }
  if (texts.length === 0) return command
  return `printf '%s\\n' ${texts.map(shellQuote).join(' ')} | ${command}`
}
