/** The ServiceInfo of a WebSocket address: one service named after the path, one duplex method `connect`. */
import { optionalField } from '@wirebench/core'
import type { MessageInfo, ServiceInfo } from '@wirebench/core'
import { webSocketUrl } from './handshake.js'

export const methodName = 'connect'

/** The path's last segment, else the host (with its port). */
export function serviceName(url: URL): string {
  const segments = url.pathname.split('/').filter((s) => s !== '')
  const last = segments.at(-1)
  if (last === undefined) return url.host
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

const closeMessage: MessageInfo = {
  name: 'Close',
  fullName: 'websocket.Close',
  description: 'Closes the connection with a code (default 1000) and a reason.',
  fields: [
    optionalField('code', 1, 'int32', {
      description: '1000 normal, 1001 going away, 3000–4999 application codes.',
      defaultValue: 1000,
    }),
    optionalField('reason', 2, 'string', { description: 'At most 123 bytes.' }),
  ],
}

/** What the user sends: exactly one of the fields per message. */
const sendMessage: MessageInfo = {
  name: 'SendFrame',
  fullName: 'websocket.SendFrame',
  description: 'One of text, binary, ping or close. Any other JSON is sent as a text frame.',
  fields: [
    optionalField('text', 1, 'string', { description: 'A text frame.' }),
    optionalField('binary', 2, 'bytes', {
      description: 'A binary frame, written as base64.',
      isBinary: true,
      format: 'base64',
    }),
    optionalField('ping', 3, 'string', {
      description: 'A ping with this payload (at most 125 bytes); the pong shows in the log.',
    }),
    optionalField('close', 4, 'message', { description: closeMessage.description, messageType: closeMessage }),
  ],
}

/** What the server sends, as each message frame shows it. */
const receivedMessage: MessageInfo = {
  name: 'ReceivedFrame',
  fullName: 'websocket.ReceivedFrame',
  description: 'Text frames are shown as JSON when they parse; binary frames as base64 (and hex).',
  fields: [
    optionalField('data', 1, 'json', {
      description: 'The text, JSON-parsed when it parses; the payload of a ping or pong.',
    }),
    optionalField('binary', 2, 'bytes', { description: 'The payload of a binary frame, base64.', isBinary: true }),
    optionalField('opcode', 3, 'enum', {
      enumValues: ['text', 'binary', 'ping', 'pong'].map((name, i) => ({ name, number: i })),
    }),
    optionalField('bytes', 4, 'int32', { description: 'Payload size in bytes.' }),
  ],
}

/** `origin` is the address as discovery was given it: calls route back to it. */
export function describeService(origin: string, url: URL, protocol: string): ServiceInfo {
  const name = serviceName(url)
  // Said of the discovery handshake only, so it stays on the service (the sidebar's tooltip): in the pane, a
  // connection offers its own list and shows the subprotocol it got, which a sentence about discovery would contradict.
  const negotiated = protocol
    ? `At discovery the server chose the subprotocol ${protocol}.`
    : 'Discovery offered no subprotocol.'
  return {
    name,
    package: '',
    source: 'websocket',
    protocol: 'websocket',
    isUploaded: false,
    originUrl: origin,
    description: `WebSocket at ${url.host}${url.pathname}. ${negotiated}`,
    methods: [
      {
        name: methodName,
        fullName: `${name}.${methodName}`,
        clientStreaming: true,
        serverStreaming: true,
        methodType: 'Duplex',
        inputType: sendMessage,
        outputType: receivedMessage,
        summary: protocol ? `Duplex channel (subprotocol ${protocol})` : 'Duplex channel',
        description:
          'Opens the connection: each message you send is one frame; everything the server sends appears in the log, pings and pongs too. Subprotocols to offer go under Subprotocols (Sec-WebSocket-Protocol); the one the server chose shows beside the connection state.',
        deprecated: false,
      },
    ],
  }
}

/** A WebSocket route of the embedding host, known from its route table: described without a probe handshake. */
export function describeHostRoute(origin: string): ServiceInfo {
  const url = webSocketUrl(origin)
  const service = describeService(origin, url, '')
  return {
    ...service,
    source: 'embedded',
    description: `WebSocket route of the host at ${url.pathname}.`,
    methods: service.methods.map((method) => ({ ...method, summary: 'Duplex channel' })),
  }
}
