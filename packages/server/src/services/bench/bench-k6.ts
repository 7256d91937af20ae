/**
 * The k6 script of a benchmark run: its load shape and thresholds, and the request as the run sent it — HTTP-based
 * methods as the plugin put the run's first described call on the wire, over `k6/http`; gRPC over `k6/net/grpc` (the
 * uploaded .proto files, or reflection) and WebSocket exchanges over `k6/ws`, from the request with its `${…}`
 * variables filled as for a call. Credential headers, API keys in the query and the values the page names as secrets are
 * written as `__ENV` references, never as text, and never as the mask a sent request shows in their place.
 */
import { WorkbenchError, splitMarkers, substituteDeep } from '@wirebench/core'
import type { BenchStartRequest, SentRequest } from '@wirebench/core'
import type { K6Drawn, K6ScriptInput, K6Secret, K6Target, StateChange } from '@wirebench/loadrun'
import { MASK, isCredentialHeader } from '@wirebench/transport/net'
import { credential, envName, markerNotes, sigV4Headers, unmaskedUrl } from './bench-k6-auth.js'
import { recordingSources } from './bench-drawn.js'

const httpProtocols = new Set(['rest', 'http', 'graphql'])
/** Set by k6 or the connection itself: copying them would break the script's requests. */
const connectionHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive'])

export interface BenchK6Source {
  request: BenchStartRequest
  sent?: SentRequest
  /** The `${uuid}`/`${random}` values the call `sent` describes drew. */
  drawn?: readonly K6Drawn[]
  /** Values to read from the environment (the page's secret variable values). */
  secrets: readonly string[]
}

/**
 * The request's messages and metadata with their `${…}` variables filled as for one call of the run (the run's
 * variables; `${uuid}`/`${random}` drawn and noted, so the script draws them afresh per iteration).
 */
function filledRequest(request: BenchStartRequest): {
  messages: unknown[]
  metadata: Record<string, string>
  drawn: K6Drawn[]
} {
  const { call } = request
  const drawn: K6Drawn[] = []
  const { value } = substituteDeep(
    { messages: call.messages, metadata: call.metadata ?? {} },
    { scopes: request.variables ?? [], system: recordingSources(drawn) },
  )
  return { ...value, drawn }
}

function metadataValue(metadata: Record<string, string> | undefined, name: string): string | undefined {
  const entry = Object.entries(metadata ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())
  return entry?.[1]
}

function httpTarget(source: BenchK6Source, sent: SentRequest, secrets: K6Secret[]): K6Target {
  if (sent.body === undefined && sent.bodySummary !== undefined) {
    throw new WorkbenchError(
      'invalid_request',
      `The request body (${sent.bodySummary}) is not text a k6 script can hold.`,
      {
        hint: 'Export JSON, CSV or the k6 summary instead.',
      },
    )
  }
  const { call } = source.request
  const { markers } = splitMarkers(call.metadata)
  const headers: Record<string, string> = {}
  for (const [name, value] of sent.headers) {
    if (connectionHeaders.has(name) || name.startsWith(':')) continue
    // A signature made for one request at one time would be refused on the next (said in a note).
    if (markers.sigv4 && sigV4Headers.has(name)) continue
    if (value === MASK && isCredentialHeader(name)) {
      // The run's own value, when the page sent it as metadata; else a stand-in no request could carry.
      const actual = metadataValue(call.metadata, name) ?? `\u0000${envName(name)}`
      secrets.push(credential(name, actual))
      headers[name] = actual
      continue
    }
    headers[name] = value
  }
  return {
    kind: 'http',
    method: sent.method,
    url: unmaskedUrl(sent.url, secrets),
    headers,
    ...(sent.body ? { body: sent.body } : {}),
    ...(call.protocol === 'graphql' ? { isGraphql: true } : {}),
  }
}

/**
 * The gRPC server a run called, as the gRPC plugin reads its addresses: a `grpc@` pin dropped, a bare `host:port`
 * plaintext, `grpc://` plaintext and `grpcs://` TLS.
 */
function grpcAddress(raw: string): { host: string; isPlaintext: boolean } {
  const text = raw.trim().replace(/^grpc@/i, '')
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`)
    if (url.host === '') throw new TypeError('no host')
    return { host: url.host, isPlaintext: url.protocol === 'http:' || url.protocol === 'grpc:' }
  } catch {
    throw new WorkbenchError('invalid_request', `"${text}" is not a gRPC address a k6 script can dial.`, {
      hint: 'Benchmark the method at http://host:port (plaintext) or https://host:port (TLS), then export again.',
    })
  }
}

/** An uploaded .proto file's name (a plain file name, as uploads are named), as the call names its target. */
function uploadedProto(target: string): string | undefined {
  return /^[^/\\:]+\.proto$/i.test(target) ? target : undefined
}

function grpcTarget(
  source: BenchK6Source,
  filled: { messages: unknown[]; metadata: Record<string, string> },
  secrets: K6Secret[],
): K6Target {
  const { call } = source.request
  const target = call.url.trim().replace(/^grpc@/i, '')
  const proto = uploadedProto(target)
  if (proto !== undefined && call.serverUrl === undefined) {
    throw new WorkbenchError('invalid_request', `The run named no server for the service uploaded as ${proto}.`, {
      hint: 'Benchmark the method with its server address set, then export again.',
    })
  }
  const address = grpcAddress(call.serverUrl ?? call.url)
  const metadata: Record<string, string> = {}
  for (const [name, value] of Object.entries(splitMarkers(filled.metadata).headers)) {
    if (isCredentialHeader(name)) secrets.push(credential(name, value))
    metadata[name] = value
  }
  return {
    kind: 'grpc',
    address: address.host,
    isPlaintext: address.isPlaintext,
    protoFiles: proto === undefined ? [] : [proto],
    method: `${call.service}/${call.method}`,
    message: filled.messages[0] ?? {},
    metadata,
  }
}

/** Headers the k6 WebSocket client writes itself, as `ws` does for the workbench. */
const handshakeHeaders = new Set([
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'connection',
  'upgrade',
])

/**
 * A WebSocket message as the frame the plugin sends (`{text}` or any JSON as text). k6's exchange sends text frames
 * only, so binary and ping frames are refused by name; a close needs no frame: the script closes after the last answer.
 */
function wsFrames(messages: readonly unknown[]): string[] {
  const frames: string[] = []
  messages.forEach((message, index) => {
    if (typeof message === 'string') return void frames.push(message)
    const entries = typeof message === 'object' && message !== null ? Object.entries(message) : []
    const [key, value] = entries.length === 1 ? (entries[0] ?? []) : []
    if (key === 'text' && typeof value === 'string') return void frames.push(value)
    if (key === 'close') return
    if (key === 'binary' || key === 'ping') {
      throw new WorkbenchError(
        'invalid_request',
        `Message ${index + 1} is a ${key} frame; the k6 script of a WebSocket benchmark sends text frames only.`,
        {
          hint: 'Benchmark the exchange with text messages to export it to k6, or export JSON, CSV or the k6 summary.',
        },
      )
    }
    frames.push(JSON.stringify(message) ?? 'null')
  })
  return frames
}

function wsTarget(
  source: BenchK6Source,
  filled: { messages: unknown[]; metadata: Record<string, string> },
  secrets: K6Secret[],
): K6Target {
  const { call } = source.request
  const prefix = `${call.protocol}@`
  const address = new URL(call.serverUrl ?? (call.url.startsWith(prefix) ? call.url.slice(prefix.length) : call.url))
  address.hash = ''
  const { headers: metadata, markers } = splitMarkers(filled.metadata)
  if (address.password !== '') secrets.push({ env: 'WB_URL_PASSWORD', value: address.password })
  // An API key the environment puts in the query goes in the URL, as the plugin sends it, read from the environment.
  // The URL holds it encoded, so the encoded text is what the script reads from there (a plain key is the same).
  for (const { name, value } of markers.apiKeyQuery ?? []) {
    secrets.push({
      env: envName(`query_${name}`),
      value: new URLSearchParams([['', value]]).toString().slice(1),
      about: `the ${name} query parameter's value, URL-encoded.`,
    })
    address.searchParams.append(name, value)
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(metadata)) {
    if (handshakeHeaders.has(name.toLowerCase())) continue
    if (isCredentialHeader(name)) secrets.push(credential(name, value))
    headers[name] = value
  }
  return { kind: 'ws', url: address.href, headers, messages: wsFrames(filled.messages) }
}

/** `stateChange`: the run's method may change the server's data (the user confirmed it): the script says so first. */
export function benchK6Input(
  source: BenchK6Source,
  thresholds: readonly string[],
  stateChange?: StateChange,
): K6ScriptInput {
  const { call, settings } = source.request
  const secrets: K6Secret[] = source.secrets.map((value, index) => ({ env: `WB_SECRET_${index + 1}`, value }))
  let target: K6Target
  // HTTP-based runs say what they sent (filled, drawn values noted); gRPC and WebSocket are written from the request,
  // filled here as for a call of the run, so the script never holds a `${…}` text the run did not send.
  let drawn = source.drawn ?? []
  if (call.protocol === 'grpc' || call.protocol === 'websocket') {
    const filled = filledRequest(source.request)
    drawn = filled.drawn
    target = call.protocol === 'grpc' ? grpcTarget(source, filled, secrets) : wsTarget(source, filled, secrets)
  } else if (httpProtocols.has(call.protocol)) {
    if (!source.sent) {
      throw new WorkbenchError('conflict', 'No call of this run got far enough to say what it sent.', {
        hint: 'Run the benchmark again against a reachable target, then export the k6 script.',
      })
    }
    target = httpTarget(source, source.sent, secrets)
  } else {
    throw new WorkbenchError(
      'invalid_request',
      `A k6 script covers REST, plain HTTP, GraphQL, gRPC and WebSocket methods, not ${call.protocol}.`,
      {
        hint: 'Export JSON, CSV or the k6 summary of this run instead.',
      },
    )
  }
  // Longest first: a secret that contains another is replaced whole.
  secrets.sort((a, b) => b.value.length - a.value.length)
  // The run made `${uuid}`, `${random}`… afresh for every call. The script draws uuid and random values afresh per
  // iteration where the written request holds the values one call drew; anything else is that call's value.
  const written = JSON.stringify(target)
  // k6Script draws only values long enough not to occur by chance; a shorter one stays one call's value.
  const isEveryDrawnWritten = drawn.every((draw) => draw.value.length >= 6 && written.includes(draw.value))
  const templated = JSON.stringify([call.messages, call.metadata ?? {}]).match(/\$\{[^}]*\}/g) ?? []
  const isOnlyDrawn = templated.every((name) => name === '${uuid}' || name === '${random}')
  // gRPC and WebSocket requests are filled at the export: a time variable holds the export's time, not a call's.
  const isTimedAtExport = target.kind !== 'http' && templated.some((name) => /^\$\{(now|timestamp)/.test(name))
  const notes = stateChange
    ? [
        `${stateChange.label} may change the server's data (${stateChange.reason}): this script repeats it for ` +
          'every iteration. Run it only against a server whose data may change.',
      ]
    : []
  if (!(templated.length === 0 || (isOnlyDrawn && drawn.length > 0 && isEveryDrawnWritten))) {
    notes.push(
      "The benchmark filled ${…} variables afresh for every call; this script sends one call's values for " +
        (drawn.length > 0 ? 'those other than ${uuid} and ${random}, which it draws per iteration' : 'them') +
        (isTimedAtExport ? ' (its times, such as ${now}, are those of the export)' : '') +
        '. For fresh values, replace them with k6 expressions.',
    )
  }
  const { markers } = splitMarkers(call.metadata)
  notes.push(...markerNotes(markers, target.kind))
  return {
    target,
    settings,
    thresholds,
    secrets,
    notes,
    drawn,
    ...(markers.mtls ? { hasClientCertificate: true } : {}),
  }
}
