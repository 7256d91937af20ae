/** Paths of the Orders and Reviews tags: a required header, idempotent create, named examples, a form-encoded post. */
import { anyCredential, apiKeyOnly } from './components.js'
import { errors, jsonBody, jsonResponse } from './builders.js'
import type { PathItemObject } from './types.js'
import { ref } from './types.js'

const orderExample = {
  customer: {
    name: 'Rui Matos',
    email: 'rui@example.com',
    address: { street: '12 Harbour Lane', city: 'Porto', postalCode: '4000-123', country: 'PT' },
  },
  items: [{ bookId: 1, quantity: 2, format: 'paperback' }],
  shipping: 'standard',
}

export const orderPaths: Record<string, PathItemObject> = {
  '/orders': {
    get: {
      tags: ['Orders'],
      operationId: 'listOrders',
      summary: 'Orders placed so far',
      security: anyCredential,
      parameters: [{ name: 'status', in: 'query', schema: ref('schemas', 'OrderStatus') }],
      responses: {
        '200': jsonResponse('Orders, oldest first.', { type: 'array', items: ref('schemas', 'Order') }),
        ...errors('400', '401'),
      },
    },
    post: {
      tags: ['Orders'],
      operationId: 'createOrder',
      summary: 'Place an order',
      description: 'Replaying the same Idempotency-Key returns the first order with 200 instead of placing another.',
      security: anyCredential,
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          schema: { type: 'string', minLength: 8, maxLength: 128 },
          example: 'order-2024-0001',
        },
      ],
      requestBody: jsonBody(ref('schemas', 'OrderInput'), {
        examples: {
          single: { summary: 'Two paperbacks', value: orderExample },
          gift: {
            summary: 'Gift-wrapped express order',
            value: { ...orderExample, shipping: 'express', giftWrap: true, note: 'Happy birthday!' },
          },
        },
      }),
      responses: {
        '201': jsonResponse('The order was placed; stock is reserved.', ref('schemas', 'Order')),
        '200': jsonResponse('Replay of an earlier Idempotency-Key.', ref('schemas', 'Order')),
        ...errors('400', '401', '422'),
      },
    },
  },
  '/orders/{orderId}': {
    get: {
      tags: ['Orders'],
      operationId: 'getOrder',
      summary: 'Get one order',
      security: anyCredential,
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: { '200': jsonResponse('The order.', ref('schemas', 'Order')), ...errors('400', '401', '404') },
    },
  },
  '/orders/{orderId}/cancel': {
    post: {
      tags: ['Orders'],
      operationId: 'cancelOrder',
      summary: 'Cancel an order and release its stock',
      security: anyCredential,
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': jsonResponse('The cancelled order.', ref('schemas', 'Order')),
        ...errors('400', '401', '404', '422'),
      },
    },
  },
}

export const reviewPaths: Record<string, PathItemObject> = {
  '/books/{bookId}/reviews': {
    parameters: [ref('parameters', 'BookId')],
    get: {
      tags: ['Reviews'],
      operationId: 'listReviews',
      summary: 'Reviews of a book',
      parameters: [{ name: 'minRating', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 5 } }],
      responses: {
        '200': jsonResponse('Reviews, newest first.', { type: 'array', items: ref('schemas', 'Review') }),
        ...errors('400', '404'),
      },
    },
    post: {
      tags: ['Reviews'],
      operationId: 'createReview',
      summary: 'Review a book',
      description: 'Accepts a classic HTML form post or JSON.',
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: ref('schemas', 'ReviewInput') },
          'application/json': { schema: ref('schemas', 'ReviewInput') },
        },
      },
      responses: {
        '201': jsonResponse('The stored review.', ref('schemas', 'Review')),
        ...errors('400', '404', '422'),
      },
    },
  },
  '/reviews/{reviewId}': {
    delete: {
      tags: ['Reviews'],
      operationId: 'deleteReview',
      summary: 'Remove a review',
      security: apiKeyOnly,
      parameters: [{ name: 'reviewId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      responses: { '204': { description: 'Removed.' }, ...errors('400', '401', '404') },
    },
  },
}
