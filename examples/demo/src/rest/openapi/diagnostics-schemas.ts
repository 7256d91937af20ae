/** Schemas of the echo, identity and diagnostics operations that tests use to see what the workbench sent. */
import type { SchemaObject } from './types.js'
import { ref } from './types.js'

export const diagnosticsSchemas: Record<string, SchemaObject> = {
  EchoFile: {
    type: 'object',
    required: ['field', 'filename', 'contentType', 'size', 'sha256'],
    properties: {
      field: { type: 'string', description: 'Form field name of the part.' },
      filename: { type: 'string', description: 'Filename from the part header; empty when none was sent.' },
      contentType: { type: 'string' },
      size: { type: 'integer', description: 'Bytes received.' },
      sha256: { type: 'string' },
    },
  },
  EchoResponse: {
    type: 'object',
    description: 'The request exactly as the demo received it.',
    required: ['method', 'path', 'query', 'headers', 'fields', 'files'],
    properties: {
      method: { type: 'string', examples: ['POST'] },
      path: { type: 'string', examples: ['/api/v1/echo'] },
      query: {
        type: 'object',
        description: 'Repeated keys become arrays.',
        additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      contentType: { type: ['string', 'null'] },
      body: { description: 'Parsed JSON, form fields, text, or base64 for other media types; null when empty.' },
      bodyEncoding: { type: 'string', enum: ['none', 'json', 'form', 'text', 'base64', 'multipart'] },
      fields: {
        type: 'object',
        description: 'Text parts of a multipart body.',
        additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
      files: { type: 'array', items: ref('schemas', 'EchoFile') },
    },
  },
  EchoPayload: {
    type: 'object',
    description: 'Anything; the nested sample shows off the form renderer.',
    additionalProperties: true,
    properties: {
      message: { type: 'string', examples: ['hello'] },
      count: { type: 'integer' },
      flags: { type: 'array', items: { type: 'boolean' } },
      nested: {
        type: 'object',
        properties: { level: { type: 'integer' }, labels: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
  WhoAmI: {
    type: 'object',
    required: ['scheme', 'principal'],
    properties: {
      scheme: { type: 'string', enum: ['bearerAuth', 'basicAuth', 'apiKeyHeader', 'apiKeyQuery'] },
      principal: { type: 'string', examples: ['demo'] },
    },
  },
  Health: {
    type: 'object',
    required: ['status', 'uptimeSeconds'],
    properties: { status: { type: 'string', const: 'ok' }, uptimeSeconds: { type: 'number' } },
  },
  StatusResult: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'integer' }, message: { type: 'string' } },
  },
  DelayResult: {
    type: 'object',
    required: ['delayedMs'],
    properties: { delayedMs: { type: 'integer' } },
  },
  BulkRows: {
    type: 'array',
    items: {
      type: 'object',
      required: ['n', 'text'],
      properties: { n: { type: 'integer' }, text: { type: 'string' } },
    },
  },
}
