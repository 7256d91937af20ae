/** The fixed messages of MCP methods: results of tools, resources and prompts, and the Session service's inputs. */
import { optionalField } from '@wirebench/core'
import type { FieldInfo, MessageInfo } from '@wirebench/core'

const repeated = (name: string, number: number, description: string): FieldInfo =>
  optionalField(name, number, 'json', { label: 'repeated', isRepeated: true, description })

export function message(name: string, fields: FieldInfo[], description?: string): MessageInfo {
  const info: MessageInfo = { name, fullName: `mcp.${name}`, fields }
  if (description) info.description = description
  return info
}

/**
 * The result of a tool without an output schema. Every such tool shares it and discovery repeats it once per tool (a
 * thousand tools: a thousand copies), so it is kept to its name and a description.
 */
export const callToolResult = message(
  'CallToolResult',
  [],
  'content (text, image, audio, resource_link and resource blocks), structuredContent, isError.',
)

export const readResourceResult = message('ReadResourceResult', [
  repeated('contents', 1, 'Each content has uri, mimeType and text or blob (base64).'),
])

export const getPromptResult = message('GetPromptResult', [
  optionalField('description', 1, 'string'),
  repeated('messages', 2, 'Each message has a role (user, assistant) and content.'),
])

export const emptyMessage = (name: string): MessageInfo => message(name, [])

export const logLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const

const uriField = (description: string): FieldInfo =>
  optionalField('uri', 1, 'string', { required: true, label: 'required', description })

export const sessionInputs = {
  info: emptyMessage('SessionInfoRequest'),
  ping: emptyMessage('PingRequest'),
  disconnect: emptyMessage('DisconnectRequest'),
  setLevel: message('SetLevelRequest', [
    optionalField('level', 1, 'enum', {
      required: true,
      label: 'required',
      enumValues: logLevels.map((name, number) => ({ name, number })),
      description: 'The lowest level of log notifications the server sends.',
    }),
  ]),
  subscribe: message('SubscribeRequest', [uriField('The resource whose updates to receive.')]),
  unsubscribe: message('UnsubscribeRequest', [uriField('The resource to stop receiving updates of.')]),
  complete: message('CompleteRequest', [
    optionalField('ref', 1, 'json', {
      required: true,
      label: 'required',
      description: '{"type": "ref/prompt", "name"} or {"type": "ref/resource", "uri": <URI template>}.',
    }),
    optionalField('argument', 2, 'json', {
      required: true,
      label: 'required',
      description: '{"name", "value"}: the argument typed so far.',
    }),
    optionalField('context', 3, 'json', { description: '{"arguments": {...}}: the other arguments already filled.' }),
  ]),
  events: message('SessionSend', [
    optionalField('op', 1, 'enum', {
      required: true,
      label: 'required',
      enumValues: ['answer', 'setLevel', 'subscribe', 'unsubscribe', 'complete', 'cancel', 'setRoots', 'ping'].map(
        (name, number) => ({ name, number }),
      ),
    }),
    optionalField('id', 2, 'string', { description: 'Echoed in the reply event.' }),
  ]),
}

export const sessionEvent = message('SessionEvent', [
  optionalField('kind', 1, 'string', {
    description:
      'session, log, progress, resourceUpdated, listChanged, notification, request, requestAnswered, requestExpired, requestCancelled, stderr, reply, dropped.',
  }),
])

export const sessionInfoMessage = message('SessionInfo', [
  optionalField('transport', 1, 'string'),
  optionalField('protocolVersion', 2, 'string'),
  optionalField('serverInfo', 3, 'json'),
  optionalField('capabilities', 4, 'json'),
  optionalField('instructions', 5, 'string'),
  optionalField('sessionId', 6, 'string'),
  optionalField('process', 7, 'json'),
])
