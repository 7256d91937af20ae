/** Schemas shared by every tag of the Bookshop document: errors, money and the small enums. */
import type { SchemaObject } from './types.js'
import { ref } from './types.js'

export const sharedSchemas: Record<string, SchemaObject> = {
  Error: {
    type: 'object',
    description: 'Every non-2xx response carries this body.',
    required: ['code', 'message'],
    properties: {
      code: {
        type: 'string',
        description: 'Machine-readable error code.',
        examples: ['not_found', 'validation_failed', 'unauthorized'],
      },
      message: { type: 'string', description: 'Human-readable explanation.' },
      details: { type: 'array', items: ref('schemas', 'ErrorDetail') },
    },
  },
  ErrorDetail: {
    type: 'object',
    required: ['location', 'path', 'message'],
    properties: {
      location: { type: 'string', enum: ['path', 'query', 'header', 'body'] },
      path: { type: 'string', description: 'JSON pointer into the offending input.', examples: ['/items/0/quantity'] },
      message: { type: 'string', examples: ['must be <= 99'] },
    },
  },
  Currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'], description: 'ISO 4217 currency code.' },
  Money: {
    type: 'object',
    required: ['amount', 'currency'],
    properties: {
      amount: { type: 'number', minimum: 0, description: 'Major units, two decimals.', examples: [24.9] },
      currency: ref('schemas', 'Currency'),
    },
  },
  Genre: {
    type: 'string',
    enum: ['fiction', 'non-fiction', 'science', 'history', 'children', 'poetry', 'fantasy', 'mystery'],
  },
  EditionFormat: { type: 'string', enum: ['hardcover', 'paperback', 'ebook', 'audiobook'], default: 'paperback' },
}
