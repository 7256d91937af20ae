/**
 * The provider layer's HTTP: one JSON POST over undici with a deadline and a cancel signal, the provider's own error
 * turned into a WorkbenchError with a hint, and readers for the two streaming framings (SSE, NDJSON). The API key is
 * taken out of every message it might be echoed in.
 */
import { request } from 'undici'
import type { Dispatcher } from 'undici'
import { WorkbenchError } from '@wirebench/core'
import type { AiProviderId } from '@wirebench/core'
import { createParser } from 'eventsource-parser'

const maxErrorBytes = 64 * 1024

export interface PostJsonOptions {
  provider: AiProviderId
  url: string
  headers: Record<string, string>
  body: unknown
  signal: AbortSignal
  /** The model asked for: named in the hint when the provider does not know it. */
  model: string
  /** Secrets to keep out of messages (the API key). */
  secrets: readonly string[]
  /** Time to the answer's headers (a local model loading into memory can take a while). */
  headersTimeoutMs?: number
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***')
  return out
}

async function readBounded(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size > maxErrorBytes) {
      chunks.push(buffer.subarray(0, buffer.length - (size - maxErrorBytes)))
      body.destroy()
      break
    }
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The message inside the shapes providers answer errors with: `{error: "…"}`, `{error: {message}}`, `{message}`. */
function providerMessage(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: unknown; message?: unknown }
    if (typeof json.error === 'string') return json.error
    if (typeof json.error === 'object' && json.error !== null) {
      const message = (json.error as { message?: unknown }).message
      if (typeof message === 'string') return message
    }
    if (typeof json.message === 'string') return json.message
  } catch {
    // Not JSON: the text itself (bounded below).
  }
  return text.trim().slice(0, 2000)
}

function isModelProblem(status: number, message: string): boolean {
  return status === 404 || /model/i.test(message)
}

function hintFor(provider: AiProviderId, status: number, message: string, model: string): string {
  if (status === 401 || status === 403) return `Check the ${provider} API key in the AI settings (or --ai-api-key).`
  if (isModelProblem(status, message)) {
    switch (provider) {
      case 'ollama':
        return `Run "ollama pull ${model}" (or pick a model "ollama list" shows), then ask again.`
      case 'lmstudio':
        return `Load "${model}" in LM Studio (or "lms load ${model}"), then ask again.`
      case 'openai':
      case 'openrouter':
      case 'anthropic':
      case 'mcp':
        return `Check the model id "${model}": ${provider} does not serve it to this key.`
    }
  }
  if (status === 429) return 'The provider is rate-limiting this key; wait a moment and ask again.'
  return `See the ${provider} documentation for this status.`
}

/** Raised for a non-2xx answer: the provider's own message, kept as it said it (SPEC.md Errors). */
export function providerFailure(
  options: Pick<PostJsonOptions, 'provider' | 'model' | 'secrets'>,
  status: number,
  text: string,
): WorkbenchError {
  const message = scrub(providerMessage(text), options.secrets)
  return new WorkbenchError('upstream_error', `${options.provider} answered ${status}: ${message}`, {
    hint: hintFor(options.provider, status, message, options.model),
    details: { provider: options.provider, status },
  })
}

function unreachable(options: PostJsonOptions, error: unknown): WorkbenchError {
  if (options.signal.aborted) return WorkbenchError.from(options.signal.reason ?? error)
  const failure = WorkbenchError.from(error, 'upstream_unreachable')
  if (failure.code === 'cancelled' || failure.code === 'timeout') return failure
  const where = new URL(options.url).origin
  const start =
    options.provider === 'ollama'
      ? 'Start Ollama ("ollama serve") or set its endpoint in the AI settings.'
      : options.provider === 'lmstudio'
        ? 'Start the LM Studio server (Developer tab, or "lms server start") or set its endpoint.'
        : 'Check the endpoint and the network.'
  return new WorkbenchError(
    'upstream_unreachable',
    `${options.provider} at ${where} is not reachable: ${scrub(failure.message, options.secrets)}`,
    { hint: start, details: { provider: options.provider } },
  )
}

export interface ProviderResponse {
  body: Dispatcher.ResponseData['body']
  /** `text/event-stream`: a streamed answer; otherwise one JSON document. */
  isEventStream: boolean
}

/** POSTs JSON; resolves with the 2xx answer's body, throws the provider's error otherwise. */
export async function postJson(options: PostJsonOptions): Promise<ProviderResponse> {
  let response: Dispatcher.ResponseData
  try {
    response = await request(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...options.headers,
      },
      body: JSON.stringify(options.body),
      signal: options.signal,
      headersTimeout: options.headersTimeoutMs ?? 120_000,
      bodyTimeout: 120_000,
    })
  } catch (error) {
    throw unreachable(options, error)
  }
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw providerFailure(options, response.statusCode, await readBounded(response.body))
  }
  const type = response.headers['content-type']
  const contentType = (Array.isArray(type) ? type[0] : type) ?? ''
  return { body: response.body, isEventStream: contentType.toLowerCase().includes('text/event-stream') }
}

/** Reads a whole JSON answer (bounded: a chat answer is text, not a download). */
export async function readJson(body: Dispatcher.ResponseData['body'], maxBytes = 16 * 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > maxBytes) {
      body.destroy()
      throw new WorkbenchError('upstream_invalid', `The provider's answer is larger than ${maxBytes} bytes.`)
    }
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
  } catch {
    throw new WorkbenchError('upstream_invalid', 'The provider answered something that is not JSON.')
  }
}

/** Feeds each SSE event's `data` (and its `event` name) to `onEvent`, in order. */
export async function readSse(
  body: Dispatcher.ResponseData['body'],
  onEvent: (data: string, event: string | undefined) => void,
): Promise<void> {
  const parser = createParser({ onEvent: (event) => onEvent(event.data, event.event) })
  // Streaming decode: a UTF-8 character may be split across chunks.
  const decoder = new TextDecoder()
  for await (const chunk of body) parser.feed(decoder.decode(chunk as Buffer, { stream: true }))
  parser.feed(decoder.decode())
}

/** Feeds each non-empty line of a newline-delimited JSON stream to `onLine`. */
export async function readNdjson(
  body: Dispatcher.ResponseData['body'],
  onLine: (value: unknown) => void,
): Promise<void> {
  let pending = ''
  const decoder = new TextDecoder()
  for await (const chunk of body) {
    pending += decoder.decode(chunk as Buffer, { stream: true })
    let newline = pending.indexOf('\n')
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim()
      pending = pending.slice(newline + 1)
      if (line !== '') onLine(JSON.parse(line))
      newline = pending.indexOf('\n')
    }
  }
  pending += decoder.decode()
  if (pending.trim() !== '') onLine(JSON.parse(pending))
}
