/**
 * The ServiceInfo of a hub. A hub cannot list its methods remotely, so every hub is one service (named after its
 * path) with five methods that take the hub method's name as `target`: invoke, send, stream, upload and connection.
 */
import { optionalField } from '@wirebench/core'
import type { FieldInfo, MessageInfo, MethodInfo, MethodType, ServiceInfo } from '@wirebench/core'
import { hubName } from './hub-address.js'
import { defaultKeepAliveMs, defaultServerTimeoutMs, hubProtocols, transports } from './types.js'

export const methodNames = ['invoke', 'send', 'stream', 'upload', 'connection'] as const
export type HubMethodName = (typeof methodNames)[number]

const enumOf = (names: readonly string[]) => names.map((name, number) => ({ name, number }))

const target = (number: number): FieldInfo =>
  optionalField('target', number, 'string', {
    required: true,
    label: 'required',
    description: 'The hub method to call, as the server names it (e.g. SendMessage).',
    example: 'SendMessage',
  })

const args = (number: number): FieldInfo =>
  optionalField('arguments', number, 'json', {
    description: 'The method’s arguments, in order, as a JSON array.',
    defaultValue: [],
    example: [],
  })

/** How the call connects: the same fields on every method. */
const connectionFields = (first: number): FieldInfo[] => [
  optionalField('transport', first, 'enum', {
    description: 'auto lets negotiate pick (WebSockets first).',
    enumValues: enumOf(transports),
    defaultValue: 'auto',
  }),
  optionalField('protocol', first + 1, 'enum', {
    description: 'The hub protocol: JSON text or binary MessagePack (not over ServerSentEvents).',
    enumValues: enumOf(hubProtocols),
    defaultValue: 'json',
  }),
  optionalField('skipNegotiation', first + 2, 'bool', {
    description: 'Connect the WebSocket directly, without POST …/negotiate (WebSockets only).',
    defaultValue: false,
  }),
  optionalField('keepAliveIntervalMs', first + 3, 'int32', {
    description: 'How often the client pings the hub while idle.',
    defaultValue: defaultKeepAliveMs,
  }),
  optionalField('serverTimeoutMs', first + 4, 'int32', {
    description:
      'The connection closes when the hub sends nothing (not even a ping) for this long: at least twice the hub’s own KeepAliveInterval (15 s by default on ASP.NET Core).',
    defaultValue: defaultServerTimeoutMs,
  }),
]

const invocation = (name: string, description: string): MessageInfo => ({
  name,
  fullName: `signalr.${name}`,
  description,
  fields: [target(1), args(2), ...connectionFields(3)],
})

const sessionMessage: MessageInfo = {
  name: 'Connection',
  fullName: 'signalr.Connection',
  description:
    'Connects with these options; then each message you send is an invocation {target, arguments, type: invoke | send | stream}.',
  fields: [
    ...connectionFields(1),
    optionalField('subscribe', 6, 'string', {
      label: 'repeated',
      isRepeated: true,
      description: 'Server-to-client methods to show (empty: every one the hub sends).',
    }),
    optionalField('showPings', 7, 'bool', { description: 'Show the hub’s pings in the log.', defaultValue: false }),
    optionalField('reconnect', 8, 'bool', {
      description: 'Reconnect automatically (after 0, 2, 5, 10 and 30 s) when the connection drops.',
      defaultValue: false,
    }),
  ],
}

const hubMessage: MessageInfo = {
  name: 'HubMessage',
  fullName: 'signalr.HubMessage',
  description: 'A message from the hub: the result or item as JSON (MessagePack shown as JSON), its kind and size.',
  fields: [
    optionalField('data', 1, 'json', { description: 'Result, stream item, or the arguments of an invocation.' }),
    optionalField('kind', 2, 'enum', {
      enumValues: enumOf(['invocation', 'streamItem', 'completion', 'ping', 'close', 'state']),
    }),
    optionalField('target', 3, 'string', { description: 'The server-to-client method of an invocation.' }),
    optionalField('bytes', 4, 'int32', { description: 'Size of the message on the wire.' }),
  ],
}

interface MethodSpec {
  name: HubMethodName
  type: MethodType
  input: MessageInfo
  summary: string
  description: string
}

const specs: MethodSpec[] = [
  {
    name: 'invoke',
    type: 'Unary',
    input: invocation('Invoke', 'Invokes a hub method and waits for its completion.'),
    summary: 'Invoke a hub method and get its result',
    description: 'Sends an Invocation with an id; the answer is the Completion’s result, or its error.',
  },
  {
    name: 'send',
    type: 'Unary',
    input: invocation('Send', 'Invokes a hub method without waiting (no completion comes back).'),
    summary: 'Fire-and-forget invocation',
    description: 'Sends an Invocation without an id: the hub runs the method and answers nothing.',
  },
  {
    name: 'stream',
    type: 'ServerStreaming',
    input: invocation('StreamInvoke', 'Starts a streaming hub method; cancelling sends CancelInvocation.'),
    summary: 'Server stream: items as they come',
    description:
      'Sends a StreamInvocation; each StreamItem is one message, the Completion ends the stream; cancel sends CancelInvocation.',
  },
  {
    name: 'upload',
    type: 'ClientStreaming',
    input: invocation('Upload', 'Invokes a hub method that takes a stream; then each message you send is one item.'),
    summary: 'Client stream: send items, half-close to finish',
    description:
      'The first message is the invocation (it carries a stream id); each message after it is one stream item; half-closing completes the stream and the hub’s result arrives.',
  },
  {
    name: 'connection',
    type: 'Duplex',
    input: sessionMessage,
    summary: 'Live connection: every message the hub sends',
    description:
      'Opens one hub connection: send invocations, and see every message the hub sends — server-to-client invocations by target, completions, stream items, pings if asked, the close and its error — with the connection’s state.',
  },
]

function method(service: string, spec: MethodSpec): MethodInfo {
  return {
    name: spec.name,
    fullName: `${service}.${spec.name}`,
    clientStreaming: spec.type === 'ClientStreaming' || spec.type === 'Duplex',
    serverStreaming: spec.type === 'ServerStreaming' || spec.type === 'Duplex',
    methodType: spec.type,
    inputType: spec.input,
    outputType: hubMessage,
    summary: spec.summary,
    description: spec.description,
    deprecated: false,
  }
}

/** `origin` is the address as discovery was given it: calls route back to it. */
export function describeHub(origin: string, url: URL, detail: string): ServiceInfo {
  const name = hubName(url)
  return {
    name,
    package: '',
    source: 'signalr',
    protocol: 'signalr',
    isUploaded: false,
    originUrl: origin,
    description: `SignalR hub at ${url.host}${url.pathname}. ${detail}`,
    methods: specs.map((spec) => method(name, spec)),
  }
}
