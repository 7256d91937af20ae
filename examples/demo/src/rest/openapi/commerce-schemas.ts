/** Schemas of orders, reviews and file attachments. */
import type { SchemaObject } from './types.js'
import { ref } from './types.js'

export const commerceSchemas: Record<string, SchemaObject> = {
  Address: {
    type: 'object',
    required: ['street', 'city', 'postalCode', 'country'],
    properties: {
      street: { type: 'string', minLength: 1, examples: ['12 Harbour Lane'] },
      city: { type: 'string', minLength: 1, examples: ['Porto'] },
      postalCode: { type: 'string', minLength: 2, maxLength: 12, examples: ['4000-123'] },
      country: { type: 'string', pattern: '^[A-Z]{2}$', examples: ['PT'] },
    },
  },
  Customer: {
    type: 'object',
    required: ['name', 'email', 'address'],
    properties: {
      name: { type: 'string', minLength: 1, examples: ['Rui Matos'] },
      email: { type: 'string', format: 'email', examples: ['rui@example.com'] },
      phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$' },
      address: ref('schemas', 'Address'),
    },
  },
  OrderLineInput: {
    type: 'object',
    required: ['bookId', 'quantity'],
    additionalProperties: false,
    properties: {
      bookId: { type: 'integer', minimum: 1, examples: [1] },
      quantity: { type: 'integer', minimum: 1, maximum: 99, default: 1 },
      format: ref('schemas', 'EditionFormat'),
    },
  },
  OrderStatus: { type: 'string', enum: ['pending', 'paid', 'shipped', 'cancelled'] },
  ShippingMethod: { type: 'string', enum: ['standard', 'express', 'pickup'], default: 'standard' },
  OrderInput: {
    type: 'object',
    required: ['customer', 'items'],
    additionalProperties: false,
    properties: {
      customer: ref('schemas', 'Customer'),
      items: { type: 'array', minItems: 1, maxItems: 50, items: ref('schemas', 'OrderLineInput') },
      shipping: ref('schemas', 'ShippingMethod'),
      giftWrap: { type: 'boolean', default: false },
      note: { type: ['string', 'null'], maxLength: 500 },
    },
  },
  OrderLine: {
    type: 'object',
    required: ['bookId', 'title', 'quantity', 'format', 'unitPrice', 'lineTotal'],
    properties: {
      bookId: { type: 'integer' },
      title: { type: 'string' },
      quantity: { type: 'integer' },
      format: ref('schemas', 'EditionFormat'),
      unitPrice: ref('schemas', 'Money'),
      lineTotal: ref('schemas', 'Money'),
    },
  },
  Order: {
    type: 'object',
    required: ['id', 'status', 'customer', 'items', 'shipping', 'giftWrap', 'total', 'createdAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: ref('schemas', 'OrderStatus'),
      customer: ref('schemas', 'Customer'),
      items: { type: 'array', items: ref('schemas', 'OrderLine') },
      shipping: ref('schemas', 'ShippingMethod'),
      giftWrap: { type: 'boolean' },
      note: { type: ['string', 'null'] },
      total: ref('schemas', 'Money'),
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  ReviewInput: {
    type: 'object',
    required: ['reviewer', 'rating'],
    properties: {
      reviewer: { type: 'string', minLength: 1, maxLength: 80, examples: ['Ana'] },
      rating: { type: 'integer', minimum: 1, maximum: 5, examples: [4] },
      title: { type: 'string', maxLength: 120 },
      body: { type: 'string', maxLength: 5000 },
      recommend: { type: 'boolean', default: true },
    },
  },
  Review: {
    type: 'object',
    required: ['id', 'bookId', 'reviewer', 'rating', 'recommend', 'createdAt'],
    properties: {
      id: { type: 'integer' },
      bookId: { type: 'integer' },
      reviewer: { type: 'string' },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      title: { type: 'string' },
      body: { type: 'string' },
      recommend: { type: 'boolean' },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  AttachmentKind: { type: 'string', enum: ['cover', 'sample', 'errata'] },
  AttachmentUpload: {
    type: 'object',
    required: ['file', 'kind'],
    properties: {
      file: { type: 'string', format: 'binary', description: 'The file; up to 10 MiB.' },
      kind: ref('schemas', 'AttachmentKind'),
      description: { type: 'string', maxLength: 500 },
    },
  },
  Attachment: {
    type: 'object',
    required: ['id', 'bookId', 'kind', 'filename', 'contentType', 'size', 'sha256', 'uploadedAt'],
    properties: {
      id: { type: 'string', examples: ['att_1'] },
      bookId: { type: 'integer' },
      kind: ref('schemas', 'AttachmentKind'),
      description: { type: 'string' },
      filename: { type: 'string' },
      contentType: { type: 'string' },
      size: { type: 'integer', description: 'Bytes.' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      uploadedAt: { type: 'string', format: 'date-time' },
    },
  },
}
