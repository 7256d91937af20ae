/** The ServiceInfo of an event-stream URL: one service named after the path, one ServerStreaming method `subscribe`. */
import { optionalField } from '@wirebench/core'
import type { MessageInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import type { SseHttpMethod } from './types.js'
import { subscribeMethod } from './types.js'

export interface DescribeOptions {
  url: string
  /** GET, or POST when the server refused GET with 405 and allows POST (or had no GET route, on a pinned URL). */
  defaultMethod: SseHttpMethod
  /** What the discovery GET got when it was not an event stream (a pinned URL is offered anyway). */
  getAnswer?: string
}

/** The last non-empty path segment (`/api/events` → `events`), else the host. */
export function serviceNameOf(url: string): string {
  const parsed = new URL(url)
  const segments = parsed.pathname.split('/').filter((s) => s !== '')
  const last = segments.at(-1)
  return last === undefined ? parsed.host : decodeURIComponentSafe(last)
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export function describeEventStream(options: DescribeOptions): ServiceInfo {
  const name = serviceNameOf(options.url)
  const parsed = new URL(options.url)
  const viaPost = options.defaultMethod === 'POST'
  const input: MessageInfo = {
    name: 'SubscribeRequest',
    fullName: `${name}.SubscribeRequest`,
    fields: [
      optionalField('method', 1, 'enum', {
        enumValues: [
          { name: 'GET', number: 0 },
          { name: 'POST', number: 1 },
        ],
        defaultValue: options.defaultMethod,
        description: 'The HTTP method that opens the stream.',
      }),
      optionalField('body', 2, 'json', { description: 'POST body: sent as JSON, or as text when it is a string.' }),
      optionalField('lastEventId', 3, 'string', { description: 'Sent as Last-Event-ID: resume after this event id.' }),
      optionalField('reconnect', 4, 'bool', {
        defaultValue: false,
        description: 'Reconnect when the connection drops, with Last-Event-ID and the server retry delay.',
      }),
    ],
  }
  const output: MessageInfo = {
    name: 'ServerSentEvent',
    fullName: `${name}.ServerSentEvent`,
    fields: [
      optionalField('data', 1, 'json', { description: 'The event data, JSON-parsed when it parses.' }),
      optionalField('id', 2, 'string'),
      optionalField('event', 3, 'string', { description: 'The event type; absent means "message".' }),
      optionalField('retry', 4, 'int32', { description: 'Reconnection delay the server asked for (ms).' }),
    ],
  }
  const method: MethodInfo = {
    name: subscribeMethod,
    fullName: `${name}.${subscribeMethod}`,
    clientStreaming: false,
    serverStreaming: true,
    methodType: 'ServerStreaming',
    inputType: input,
    outputType: output,
    httpMethod: options.defaultMethod,
    httpPath: parsed.pathname,
    summary: viaPost ? 'Opens the event stream with POST' : 'Opens the event stream',
    deprecated: false,
  }
  if (options.getAnswer !== undefined) {
    method.description = viaPost
      ? `Discovery's GET got ${options.getAnswer}, so the stream is offered with POST (pinned sse@); put the request body in body, or choose GET.`
      : `Discovery's GET got ${options.getAnswer}, not an event stream; the stream is offered because the URL is pinned (sse@). Choose POST if the server streams on POST.`
  } else if (viaPost) {
    method.description =
      'The server refused GET (405) and allows POST, so the stream is offered with POST; put the request body in body.'
  }
  return {
    name,
    package: parsed.host,
    methods: [method],
    source: 'sse',
    originUrl: options.url,
    isUploaded: false,
    protocol: 'sse',
    description: viaPost ? 'Server-Sent Events (opened with POST)' : 'Server-Sent Events',
  }
}
