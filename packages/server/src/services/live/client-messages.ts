/**
 * Parses one inbound live message: JSON text checked with Ajv against a schema per `op` (typed against core's
 * `LiveClientMessage`, sharing the call-addressing field schemas of `POST /api/invoke`). Bad input becomes an
 * `invalid_request` WorkbenchError naming what was wrong.
 */
import type { ErrorObject, JSONSchemaType, ValidateFunction } from 'ajv'
import type { PropertiesSchema } from 'ajv/dist/types/json-schema.js'
import { WorkbenchError } from '@wirebench/core'
import type { InvokeRequest, LiveClientMessage } from '@wirebench/core'
import { aiChatBodySchema } from '../../routes/ai-schemas.js'
import { invokeBodySchema } from '../../routes/schemas.js'
import { createAjv } from '../../routes/validation.js'

type Op = LiveClientMessage['op']
type MessageOf<K extends Op> = Extract<LiveClientMessage, { op: K }>

const idSchema = { type: 'string', minLength: 1, maxLength: 128 } as const
const overflowSchema = { type: 'string', enum: ['pause', 'drop-oldest'], nullable: true } as const
/** `/api/invoke`'s field schemas, typed by the request type they validate (Ajv leaves `properties` untyped). */
const target = invokeBodySchema.properties as PropertiesSchema<InvokeRequest>
/** Fields every `open` carries, as `/api/invoke` validates them. */
const targetProperties = {
  protocol: target.protocol,
  url: target.url,
  service: target.service,
  method: target.method,
  metadata: target.metadata,
  serverUrl: target.serverUrl,
  timeoutMs: target.timeoutMs,
  history: target.history,
}
const targetRequired = ['protocol', 'url', 'service', 'method'] as const
/** Any JSON (null included): the protocol's own message, checked by the plugin. */
const anyJson = {}

/** Typed without `message` (JSONSchemaType cannot require an `unknown` field), which is then added as required. */
const sendFields: JSONSchemaType<Omit<MessageOf<'channel.send'>, 'message'>> = {
  type: 'object',
  required: ['op', 'id', 'ref'],
  additionalProperties: false,
  properties: { op: { type: 'string', const: 'channel.send' }, id: idSchema, ref: { type: 'integer' } },
}
const sendSchema = {
  ...sendFields,
  required: [...sendFields.required, 'message'],
  properties: { ...sendFields.properties, message: anyJson },
}

const schemas: { [K in Op]: JSONSchemaType<MessageOf<K>> } = {
  'stream.open': {
    type: 'object',
    required: ['op', 'id', 'messages', ...targetRequired],
    additionalProperties: false,
    properties: {
      op: { type: 'string', const: 'stream.open' },
      id: idSchema,
      messages: target.messages,
      overflow: overflowSchema,
      ...targetProperties,
    },
  },
  'channel.open': {
    type: 'object',
    required: ['op', 'id', ...targetRequired],
    additionalProperties: false,
    properties: {
      op: { type: 'string', const: 'channel.open' },
      id: idSchema,
      overflow: overflowSchema,
      ...targetProperties,
    },
  },
  'channel.send': sendSchema as unknown as JSONSchemaType<MessageOf<'channel.send'>>,
  'channel.closeSend': {
    type: 'object',
    required: ['op', 'id'],
    additionalProperties: false,
    properties: { op: { type: 'string', const: 'channel.closeSend' }, id: idSchema },
  },
  cancel: {
    type: 'object',
    required: ['op', 'id'],
    additionalProperties: false,
    properties: { op: { type: 'string', const: 'cancel' }, id: idSchema },
  },
  'ai.chat': {
    type: 'object',
    required: ['op', 'id', 'request'],
    additionalProperties: false,
    properties: { op: { type: 'string', const: 'ai.chat' }, id: idSchema, request: aiChatBodySchema },
  } as unknown as JSONSchemaType<MessageOf<'ai.chat'>>,
  ack: {
    type: 'object',
    required: ['op', 'id', 'seq'],
    additionalProperties: false,
    properties: { op: { type: 'string', const: 'ack' }, id: idSchema, seq: { type: 'integer', minimum: 0 } },
  },
}

type Validators = { [K in Op]: ValidateFunction<MessageOf<K>> }

let validators: Validators | undefined

/** Compiled on the first live socket, so a server that never opens one does not pay for it at start-up. */
function compiled(): Validators {
  if (validators) return validators
  const ajv = createAjv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false })
  const out: Partial<Record<Op, ValidateFunction>> = {}
  for (const op of Object.keys(schemas) as Op[]) out[op] = ajv.compile(schemas[op])
  validators = out as Validators
  return validators
}

function isOp(value: unknown): value is Op {
  return typeof value === 'string' && Object.hasOwn(schemas, value)
}

function describeIssue(issue: ErrorObject | undefined): string {
  if (!issue) return 'is invalid'
  const path = issue.instancePath === '' ? 'the message' : issue.instancePath.slice(1).replaceAll('/', '.')
  if (issue.keyword === 'additionalProperties') {
    return `${path} has an unknown field "${String((issue.params as { additionalProperty?: unknown }).additionalProperty)}"`
  }
  return `${path} ${issue.message ?? 'is invalid'}`
}

/** The `id` a malformed message named, when it named a usable one (so the error can be routed to its call). */
export function messageId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const id = (value as { id?: unknown }).id
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : undefined
}

/** Validates a decoded message; throws `invalid_request`. */
export function validateClientMessage(value: unknown): LiveClientMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WorkbenchError('invalid_request', 'A live message must be a JSON object.')
  }
  const op = (value as { op?: unknown }).op
  if (!isOp(op)) {
    throw new WorkbenchError(
      'invalid_request',
      typeof op === 'string' ? `Unknown live op "${op.slice(0, 64)}".` : 'The live message has no "op" string.',
      { hint: `Known ops: ${Object.keys(schemas).join(', ')}.` },
    )
  }
  const validate = compiled()[op] as ValidateFunction<LiveClientMessage>
  if (validate(value)) return value
  throw new WorkbenchError('invalid_request', `Invalid ${op} message: ${describeIssue(validate.errors?.[0])}.`)
}

/** Decodes and validates one text frame; throws `invalid_request`. */
export function parseClientMessage(text: string): LiveClientMessage {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new WorkbenchError('invalid_request', 'The live message is not valid JSON.')
  }
  return validateClientMessage(value)
}
