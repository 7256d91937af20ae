/**
 * The `wirebench call` command line of a call, in the CLI's grammar: `--url 'protocol@url' Service/Method`, one `-d`
 * per message (JSON), one `-H 'name: value'` per header. Every plugin writes its `wirebench` format with it.
 */
import type { CallMarkers } from '../markers/markers.js'
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '../plugin/contract.js'
import { unsupportedExportFormat } from './formats.js'
import { createReferenceMask } from './references.js'
import { maskDeep, maskHeaders } from './references.js'
import type { ReferenceMask } from './references.js'
import { shellQuote } from './shell-quote.js'

export interface WirebenchCommandInput {
  protocol: string
  call: Call
  headers: Readonly<Record<string, string>>
  markers: CallMarkers
  mask: ReferenceMask
}

export function wirebenchCommand(input: WirebenchCommandInput): ExportedSnippet {
  const { call, mask } = input
  // An address in the protocol's own scheme (`mcp+stdio://name`) names its plugin already.
  const isOwnScheme = call.target.startsWith(`${input.protocol}+`)
  const url = isOwnScheme ? mask(call.target) : `${input.protocol}@${mask(call.target)}`
  const lines = [`wirebench call --url ${shellQuote(url)}`]
  lines.push(`  ${shellQuote(`${call.service}/${call.method}`)}`)
  for (const message of call.messages) lines.push(`  -d ${shellQuote(JSON.stringify(maskDeep(message, mask)))}`)
  for (const [name, value] of Object.entries(maskHeaders(input.headers, mask))) {
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`)
  }
  const notes = ['`${name}` references are filled by `--env <environment>` or `--var name=value`.']
  if (call.serverUrl !== undefined) {
    notes.push(`The call went to ${mask(call.serverUrl)}; wirebench call sends to the server the --url describes.`)
  }
  if (input.markers.apiKeyQuery) notes.push('The API key query parameter comes from the environment (--env).')
  notes.push(...markerNotes(input.markers))
  return { snippet: lines.join(' \\\n'), language: 'shell', notes }
}

/** What a snippet cannot carry as headers: the transport's markers, applied by the workbench itself. */
export function markerNotes(markers: CallMarkers): string[] {
  const notes: string[] = []
  if (markers.sigv4) {
    notes.push(
      'AWS SigV4: the signature covers the time and the body, so it cannot be exported as a static header; sign the request with your AWS tooling (e.g. curl --aws-sigv4) or use wirebench call --env.',
    )
  }
  if (markers.mtls) notes.push('mTLS: add your client certificate and key (curl --cert/--key, grpcurl -cert/-key).')
  if (markers.trust?.allowSelfSigned === true) {
    notes.push('The environment accepts self-signed certificates: curl needs -k, grpcurl -insecure.')
  }
  if (markers.cookieEnv !== undefined) {
    notes.push('Cookies the workbench keeps for this environment are not in the snippet.')
  }
  return notes
}

/** The export of a plugin whose only format is `wirebench call` (MCP, SignalR, sidecars). */
// Async so that a refusal is a rejected promise, as `ProtocolPlugin.exportCall` answers it.
// eslint-disable-next-line @typescript-eslint/require-await
export async function exportAsWirebenchCall(
  protocol: string,
  call: Call,
  ctx: CallContext,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  if (options.format !== 'wirebench') throw unsupportedExportFormat(options.format, protocol, ['wirebench'])
  const mask = createReferenceMask(options.references)
  return wirebenchCommand({ protocol, call, headers: ctx.metadata, markers: ctx.markers, mask })
}
