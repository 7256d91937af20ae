/** Body schemas of the benchmark routes: shapes only; the ranges are checked by the runner with errors that say why. */
import { invokeBodySchema } from './schemas.js'

/** The `/api/invoke` body without what a benchmark has no use for (history entries, the echoed request). */
const callSchema: Record<string, unknown> = {
  ...invokeBodySchema,
  properties: Object.fromEntries(
    Object.entries(invokeBodySchema.properties as Record<string, unknown>).filter(
      ([name]) => name !== 'history' && name !== 'includeSent',
    ),
  ),
}

const settingsSchema = {
  type: 'object',
  required: ['mode', 'concurrency'],
  additionalProperties: false,
  properties: {
    mode: { type: 'string', enum: ['closed', 'open'] },
    calls: { type: 'integer' },
    durationS: { type: 'number' },
    concurrency: { type: 'integer' },
    rate: { type: 'number' },
    warmup: { type: 'integer' },
  },
} as const

export const benchStartBodySchema: Record<string, unknown> = {
  type: 'object',
  required: ['call', 'settings'],
  additionalProperties: false,
  properties: {
    call: callSchema,
    variables: {
      type: 'array',
      maxItems: 8,
      items: { type: 'object', additionalProperties: { type: 'string' } },
    },
    settings: settingsSchema,
    thresholds: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 200 } },
    allowStateChanging: { type: 'boolean' },
  },
}

export const benchListBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const

export const benchRunBodySchema = {
  type: 'object',
  required: ['run'],
  additionalProperties: false,
  properties: { run: { type: 'string', minLength: 1, maxLength: 64 } },
} as const

export const benchExportBodySchema = {
  type: 'object',
  required: ['run', 'format'],
  additionalProperties: false,
  properties: {
    run: { type: 'string', minLength: 1, maxLength: 64 },
    format: { type: 'string', enum: ['json', 'csv', 'k6-summary', 'k6-script'] },
    secrets: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 65536 } },
  },
} as const
