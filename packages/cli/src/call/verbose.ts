/**
 * `-v`: what a call sent and received, on stderr — request headers (credentials masked by name, the environment's
 * secret values wherever they appear, transport markers never shown), response headers, trailers and status.
 */
import type { InvokeResult, StreamFrame } from '@wirebench/core'
import type { CliIo } from '../io.js'

export interface VerboseLog {
  request(line: string, headers: Iterable<readonly [string, string]>): void
  result(result: InvokeResult): void
  frame(frame: StreamFrame): void
  note(text: string): void
}

const markerPrefix = '__workbench'

export async function createVerboseLog(io: CliIo, secrets: readonly string[], isOn: boolean): Promise<VerboseLog> {
  if (!isOn) return { request: () => undefined, result: () => undefined, frame: () => undefined, note: () => undefined }
  const { MASK, isCredentialHeader } = await import('@wirebench/transport')
  // Longest first, so a secret containing another is masked whole.
  const ordered = [...secrets].sort((a, b) => b.length - a.length)
  const mask = (text: string) => ordered.reduce((masked, secret) => masked.split(secret).join(MASK), text)
  const header = (prefix: string, name: string, value: string) =>
    io.err(`${prefix} ${name}: ${isCredentialHeader(name) ? MASK : mask(value)}\n`)
  const headers = (prefix: string, list: Iterable<readonly [string, string]>) => {
    for (const [name, value] of list) if (!name.startsWith(markerPrefix)) header(prefix, name, value)
  }
  return {
    request(line, list) {
      io.err(`> ${mask(line)}\n`)
      headers('>', list)
    },
    result(result) {
      if (result.sent) {
        io.err(`> ${result.sent.method} ${mask(result.sent.url)}\n`)
        headers('>', result.sent.headers)
        // The body as text (an MCP call's JSON-RPC request, a REST JSON body), else what it was.
        const body = result.sent.body ?? result.sent.bodySummary
        if (body !== undefined) {
          const lines = `${mask(body)}${result.sent.bodyTruncated ? ' …(cut)' : ''}`.split('\n')
          io.err(lines.map((line) => `> ${line}\n`).join(''))
        }
      }
      const http = result.metadata['http_status']
      io.err(
        `< ${result.status}${http ? ` (HTTP ${http})` : ''}${result.statusMessage ? `: ${mask(result.statusMessage)}` : ''} in ${Math.round(result.durationMs)} ms\n`,
      )
      headers(
        '<',
        Object.entries(result.metadata).filter(([name]) => name !== 'http_status'),
      )
      headers('< trailer', Object.entries(result.trailers ?? {}))
    },
    frame(frame) {
      if (frame.type === 'headers') headers('<', Object.entries(frame.metadata))
      else if (frame.type === 'trailers') headers('< trailer', Object.entries(frame.metadata))
      else if (frame.type === 'end') io.err(`< ${frame.status}${frame.message ? `: ${mask(frame.message)}` : ''}\n`)
    },
    note: (text) => io.err(`* ${mask(text)}\n`),
  }
}
