/**
 * JSON Schemas of the request bodies, typed against core's API types with Ajv's JSONSchemaType so the two cannot drift.
 * Plain schema objects rather than a builder library: the builder's module graph alone cost ~0.4 s of start-up.
 */
import type { JSONSchemaType } from 'ajv'
import type { DiscoverRequest, ExportRequest, ImportRequest, InvokeRequest, UploadSetRequest } from '@wirebench/core'
import { uploadSetLimits } from '../services/upload-set.js'
import { absentNeverNull } from './null-fields.js'

const maxUrlLength = 4096

/** Header name → value; names and counts are bounded so a body cannot smuggle huge maps. */
const metadataSchema = {
  type: 'object',
  nullable: true,
  maxProperties: 200,
  propertyNames: { maxLength: 256 },
  required: [],
  additionalProperties: { type: 'string', maxLength: 256 * 1024 },
} as const

/** Any JSON value: messages are the protocol's own JSON, checked by the plugin. */
const anyJson = {} as JSONSchemaType<unknown>

export type DiscoverBody = DiscoverRequest & { protocolHints?: string[] }

export function discoverBodySchema(maxUrls: number): JSONSchemaType<DiscoverBody> {
  return absentNeverNull<DiscoverBody>({
    type: 'object',
    required: ['urls'],
    additionalProperties: false,
    properties: {
      urls: {
        type: 'array',
        minItems: 1,
        maxItems: maxUrls,
        items: { type: 'string', minLength: 1, maxLength: maxUrlLength },
      },
      metadata: metadataSchema,
      protocolHints: { type: 'array', nullable: true, maxItems: 32, items: { type: 'string', maxLength: 64 } },
    },
  })
}

/**
 * A history template: which workspace, and the request as typed. Its fields are checked where the entry is built;
 * here only its shape and size (it rides along on every recorded call).
 */
export const historyTemplateSchema = {
  type: 'object',
  nullable: true,
  required: ['workspace', 'request'],
  additionalProperties: false,
  properties: {
    workspace: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
    request: { type: 'object', maxProperties: 32 },
  },
} as const

export const invokeBodySchema: JSONSchemaType<InvokeRequest> = absentNeverNull<InvokeRequest>({
  type: 'object',
  required: ['protocol', 'url', 'service', 'method', 'messages'],
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', minLength: 1, maxLength: 64 },
    url: { type: 'string', minLength: 1, maxLength: maxUrlLength },
    service: { type: 'string', minLength: 1, maxLength: 1024 },
    method: { type: 'string', minLength: 1, maxLength: 1024 },
    messages: { type: 'array', maxItems: 10_000, items: anyJson },
    metadata: metadataSchema,
    serverUrl: { type: 'string', nullable: true, minLength: 1, maxLength: maxUrlLength },
    timeoutMs: { type: 'integer', nullable: true, minimum: 1 },
    includeSent: { type: 'boolean', nullable: true },
    // JSONSchemaType cannot describe the template's `unknown` message fields; the shape is checked as written above.
    history: historyTemplateSchema as never,
  },
})

/**
 * `POST /api/export`: the invoke body plus the format. The format is any short string here: the service answers one
 * the protocol cannot write with a problem that names those it can.
 */
export const exportBodySchema: JSONSchemaType<ExportRequest> = absentNeverNull<ExportRequest>({
  type: 'object',
  required: ['protocol', 'url', 'service', 'method', 'messages', 'format'],
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', minLength: 1, maxLength: 64 },
    url: { type: 'string', minLength: 1, maxLength: maxUrlLength },
    service: { type: 'string', minLength: 1, maxLength: 1024 },
    method: { type: 'string', minLength: 1, maxLength: 1024 },
    messages: { type: 'array', maxItems: 10_000, items: anyJson },
    metadata: metadataSchema,
    serverUrl: { type: 'string', nullable: true, minLength: 1, maxLength: maxUrlLength },
    format: { type: 'string', minLength: 1, maxLength: 64 } as never,
    includeSecrets: { type: 'boolean', nullable: true },
    resolveVariables: { type: 'boolean', nullable: true },
    variables: {
      type: 'array',
      nullable: true,
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['name', 'value', 'isSecret'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 256 },
          value: { type: 'string', maxLength: 256 * 1024 },
          isSecret: { type: 'boolean' },
        },
      },
    },
  },
})

/** `POST /api/import/preview`; the content's size is bounded by the route's body limit. */
export const importRequestSchema: JSONSchemaType<ImportRequest> = {
  type: 'object',
  required: ['format', 'content'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['curl', 'postman', 'insomnia', 'har'] },
    content: { type: 'string' },
  },
}

export interface UploadQuery {
  name: string
}

export const uploadQuerySchema: JSONSchemaType<UploadQuery> = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
}

export const uploadParamsSchema: JSONSchemaType<UploadQuery> = uploadQuerySchema

export const uploadSetBodySchema: JSONSchemaType<UploadSetRequest> = {
  type: 'object',
  required: ['files'],
  additionalProperties: false,
  properties: {
    files: {
      type: 'array',
      minItems: 1,
      maxItems: uploadSetLimits.maxFiles,
      items: {
        type: 'object',
        required: ['name', 'content'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          content: { type: 'string' },
        },
      },
    },
  },
}
