/**
 * JSON Schemas of the auth proxy and environment request bodies, typed against the auth package's request types so
 * the two cannot drift. Lengths are bounded generously: they only stop a body from smuggling megabytes into a field.
 */
import type { JSONSchemaType } from 'ajv'
import type {
  CustomTokenRequest,
  OAuthCodeExchangeRequest,
  OAuthRefreshRequest,
  OAuthTokenRequest,
} from '@wirebench/auth'
import { absentNeverNull } from './null-fields.js'

const url = { type: 'string', minLength: 1, maxLength: 4096 } as const
const short = { type: 'string', maxLength: 4096 } as const
const secret = { type: 'string', maxLength: 64 * 1024 } as const
const optionalSecret = { type: 'string', nullable: true, maxLength: 64 * 1024 } as const
/** The environment's TLS trust settings (a CA bundle in PEM, allow self-signed): the token endpoint's trust. */
const trust = {
  type: 'object',
  nullable: true,
  required: [],
  additionalProperties: false,
  properties: {
    caCertificate: { type: 'string', nullable: true, maxLength: 512 * 1024 },
    allowSelfSigned: { type: 'boolean', nullable: true },
  },
} as const

export const oauthTokenBodySchema: JSONSchemaType<OAuthTokenRequest> = absentNeverNull<OAuthTokenRequest>(
  {
    type: 'object',
    required: ['tokenUrl', 'clientId', 'clientSecret', 'scope', 'audience'],
    additionalProperties: false,
    properties: { tokenUrl: url, clientId: short, clientSecret: secret, scope: short, audience: short, trust },
  },
  ['trust'],
)

export const codeExchangeBodySchema: JSONSchemaType<OAuthCodeExchangeRequest> =
  absentNeverNull<OAuthCodeExchangeRequest>(
    {
      type: 'object',
      required: ['tokenUrl', 'code', 'redirectUri', 'clientId', 'codeVerifier'],
      additionalProperties: false,
      properties: {
        tokenUrl: url,
        code: secret,
        redirectUri: url,
        clientId: short,
        clientSecret: optionalSecret,
        codeVerifier: short,
        trust,
      },
    },
    ['trust'],
  )

export const refreshBodySchema: JSONSchemaType<OAuthRefreshRequest> = absentNeverNull<OAuthRefreshRequest>(
  {
    type: 'object',
    required: ['tokenUrl', 'refreshToken', 'clientId', 'scope'],
    additionalProperties: false,
    properties: {
      tokenUrl: url,
      refreshToken: secret,
      clientId: short,
      clientSecret: optionalSecret,
      scope: short,
      trust,
    },
  },
  ['trust'],
)

export const customTokenBodySchema: JSONSchemaType<CustomTokenRequest> = absentNeverNull<CustomTokenRequest>(
  {
    type: 'object',
    required: ['tokenUrl', 'method', 'contentType', 'body', 'headers'],
    additionalProperties: false,
    properties: {
      tokenUrl: url,
      method: { type: 'string', enum: ['GET', 'POST', 'PUT'] },
      contentType: { type: 'string', maxLength: 256 },
      // The route's body limit bounds it as a whole.
      body: { type: 'string' },
      headers: {
        type: 'object',
        maxProperties: 100,
        propertyNames: { maxLength: 256 },
        required: [],
        additionalProperties: { type: 'string', maxLength: 64 * 1024 },
      },
      trust,
    },
  },
  ['trust'],
)

export interface PutEnvironmentsBody {
  /** Validated by the auth package's parser, which names each issue by its JSON path. */
  document: unknown
  baseRevision?: string
}

/** Plain schema (not JSONSchemaType): Ajv's type cannot express a required member of type unknown. */
export const putEnvironmentsBodySchema = {
  type: 'object',
  required: ['document'],
  additionalProperties: false,
  properties: {
    document: { type: 'object' },
    baseRevision: { type: 'string', maxLength: 128 },
  },
} as const
