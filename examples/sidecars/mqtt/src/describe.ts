/**
 * The services an MQTT broker is listed with: `Broker` (publish, subscribe, session) and, when discovery saw traffic,
 * `Topics` — one subscription per topic seen. Topic names come from the broker: they are shown, and filled into forms
 * literally, never as templates.
 */
import { optionalField } from '@wirebench/core'
import type { FieldInfo, MessageInfo, MethodInfo, MethodType, ServiceInfo } from '@wirebench/core'

const qosField = (number: number): FieldInfo =>
  optionalField('qos', number, 'int32', {
    description: 'Quality of service: 0 (at most once), 1 (at least once) or 2 (exactly once).',
    defaultValue: 0,
  })

const message = (name: string, fields: FieldInfo[], description?: string): MessageInfo => ({
  name,
  fullName: `mqtt.${name}`,
  fields,
  ...(description ? { description } : {}),
})

const method = (
  name: string,
  methodType: MethodType,
  input: MessageInfo,
  output: MessageInfo,
  description: string,
): MethodInfo => ({
  name,
  fullName: `mqtt.${name}`,
  clientStreaming: methodType === 'ClientStreaming' || methodType === 'Duplex',
  serverStreaming: methodType === 'ServerStreaming' || methodType === 'Duplex',
  methodType,
  inputType: input,
  outputType: output,
  description,
  deprecated: false,
})

const received = message(
  'Message',
  [optionalField('payload', 1, 'json', { description: 'The payload: JSON when it parses, else text, else {base64}.' })],
  'A message as delivered; its topic, QoS, retain flag and properties are in the frame’s details.',
)

export const PUBLISH = 'publish'
export const SUBSCRIBE = 'subscribe'
export const SESSION = 'session'
export const BROKER_SERVICE = 'Broker'
export const TOPICS_SERVICE = 'Topics'

export function brokerService(): ServiceInfo {
  return {
    name: BROKER_SERVICE,
    package: 'mqtt',
    source: 'mqtt',
    isUploaded: false,
    protocol: 'mqtt',
    description: 'Publish to and subscribe on this broker.',
    methods: [
      method(
        PUBLISH,
        'Unary',
        message('PublishRequest', [
          optionalField('topic', 1, 'string', {
            required: true,
            description: 'The topic to publish on.',
            example: 'sensors/kitchen/temperature',
          }),
          optionalField('payload', 2, 'json', {
            description: 'A string is sent as text; other JSON values as their JSON text; {base64} as bytes.',
            example: { celsius: 21.5 },
          }),
          qosField(3),
          optionalField('retain', 4, 'bool', { description: 'The broker keeps the message for future subscribers.' }),
          {
            ...optionalField('userProperties', 5, 'string', { description: 'MQTT 5 user properties.' }),
            isMap: true,
            mapKeyType: 'string',
            mapValueType: 'string',
          },
        ]),
        message('PublishResult', [optionalField('messageId', 1, 'int32'), qosField(2)]),
        'Publishes one message (QoS 1 and 2 wait for the broker’s acknowledgement).',
      ),
      method(
        SUBSCRIBE,
        'ServerStreaming',
        message('SubscribeRequest', [
          optionalField('topicFilter', 1, 'string', {
            required: true,
            description: 'A topic filter; + and # are wildcards.',
            example: 'sensors/#',
          }),
          qosField(2),
        ]),
        received,
        'Streams every message matching the filter until you stop it (retained messages first).',
      ),
      method(
        SESSION,
        'Duplex',
        message('SessionCommand', [
          {
            ...optionalField('action', 1, 'enum', { description: 'What to do.', defaultValue: 'publish' }),
            enumValues: [
              { name: 'publish', number: 0 },
              { name: 'subscribe', number: 1 },
              { name: 'unsubscribe', number: 2 },
            ],
          },
          optionalField('topic', 2, 'string', {
            description: 'The topic (publish) or topic filter (subscribe, unsubscribe).',
            example: 'chat/room1',
          }),
          optionalField('payload', 3, 'json', { description: 'The payload to publish.' }),
          qosField(4),
          optionalField('retain', 5, 'bool'),
        ]),
        received,
        'One connection for a while: send publish, subscribe and unsubscribe commands; messages arrive as they come.',
      ),
    ],
  }
}

export function topicsService(topics: readonly string[]): ServiceInfo {
  return {
    name: TOPICS_SERVICE,
    package: 'mqtt',
    source: 'mqtt',
    isUploaded: false,
    protocol: 'mqtt',
    description: 'Topics that carried messages while the workbench listened.',
    methods: topics.map((topic) =>
      method(
        topic,
        'ServerStreaming',
        message('TopicRequest', [qosField(1)]),
        received,
        `Streams the messages on ${topic}.`,
      ),
    ),
  }
}
