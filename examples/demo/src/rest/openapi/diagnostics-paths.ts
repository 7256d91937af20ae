/**
 * Paths for tests and demos: the echo family, identity, health (untagged), forced and undocumented statuses, delays,
 * large bodies and failures.
 */
import { anyCredential } from './components.js'
import { errors, jsonBody, jsonResponse } from './builders.js'
import type { OperationObject, PathItemObject } from './types.js'
import { ref } from './types.js'

const echoed = { '200': jsonResponse('What the demo received.', ref('schemas', 'EchoResponse')) }
const echoDescription = 'Echo operations never validate: they report the request as it arrived.'

function echoWithBody(method: string): OperationObject {
  return {
    tags: ['Echo'],
    operationId: `echo${method}`,
    summary: `Echo a ${method.toUpperCase()} with a JSON body`,
    description: echoDescription,
    parameters: [ref('parameters', 'RequestId')],
    requestBody: { ...jsonBody(ref('schemas', 'EchoPayload')), required: false },
    responses: echoed,
  }
}

export const diagnosticsPaths: Record<string, PathItemObject> = {
  // Untagged and without operationId on purpose: it must land in the `Default` service under a derived name.
  '/health': {
    get: { summary: 'Liveness probe', responses: { '200': jsonResponse('Alive.', ref('schemas', 'Health')) } },
  },
  '/auth/whoami': {
    get: {
      tags: ['Auth'],
      operationId: 'whoAmI',
      summary: 'Which credential was accepted',
      description:
        'Accepts every scheme: bearer `demo-token`, basic `demo`/`demo`, `X-API-Key: demo-key` or `?api_key=demo-key`.',
      security: anyCredential,
      responses: { '200': jsonResponse('The scheme that matched.', ref('schemas', 'WhoAmI')), ...errors('401') },
    },
  },
  '/echo': {
    get: {
      tags: ['Echo'],
      operationId: 'echoGet',
      summary: 'Echo a GET with query parameters',
      description: echoDescription,
      parameters: [
        { name: 'text', in: 'query', schema: { type: 'string' }, example: 'hello' },
        { name: 'n', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
        ref('parameters', 'RequestId'),
      ],
      responses: echoed,
    },
    post: echoWithBody('Post'),
    put: echoWithBody('Put'),
    patch: echoWithBody('Patch'),
    delete: {
      tags: ['Echo'],
      operationId: 'echoDelete',
      summary: 'Echo a DELETE',
      description: echoDescription,
      responses: echoed,
    },
  },
  '/echo/upload': {
    post: {
      tags: ['Echo'],
      operationId: 'echoUpload',
      summary: 'Echo a multipart upload: file names, sizes and hashes',
      description: echoDescription,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary' },
                second: { type: 'string', format: 'binary', description: 'An optional second file.' },
                note: { type: 'string' },
                count: { type: 'integer' },
              },
            },
          },
        },
      },
      responses: echoed,
    },
  },
  '/echo/form': {
    post: {
      tags: ['Echo'],
      operationId: 'echoForm',
      summary: 'Echo a URL-encoded form',
      description: echoDescription,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { name: { type: 'string' }, age: { type: 'integer' }, subscribe: { type: 'boolean' } },
            },
          },
        },
      },
      responses: echoed,
    },
  },
  '/diagnostics/status/{code}': {
    get: {
      tags: ['Diagnostics'],
      operationId: 'forceStatus',
      summary: 'Answer with the given HTTP status',
      parameters: [
        { name: 'code', in: 'path', required: true, schema: { type: 'integer', minimum: 200, maximum: 599 } },
      ],
      responses: {
        '200': jsonResponse('The status asked for (any 2xx–5xx; 204 has no body).', ref('schemas', 'StatusResult')),
        ...errors('400'),
      },
    },
  },
  // No operationId: a second derived method name, this time with a query parameter.
  '/diagnostics/delay': {
    get: {
      tags: ['Diagnostics'],
      summary: 'Answer after a delay',
      description: 'For cancellation and timeout tests; a client disconnect ends the wait early.',
      parameters: [{ name: 'ms', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 30000, default: 1000 } }],
      responses: { '200': jsonResponse('Waited.', ref('schemas', 'DelayResult')), ...errors('400') },
    },
  },
  // Documents 200 only and always answers 418: a status the schema does not know, for clients and validators.
  '/diagnostics/teapot': {
    get: {
      tags: ['Diagnostics'],
      operationId: 'brewCoffee',
      summary: 'Answer with a status the document does not list (418)',
      responses: { '200': jsonResponse('Never sent: the server is a teapot.', ref('schemas', 'StatusResult')) },
    },
  },
  '/diagnostics/bulk': {
    get: {
      tags: ['Diagnostics'],
      operationId: 'bulkRows',
      summary: 'Answer with about this many kilobytes of JSON rows',
      parameters: [{ name: 'kb', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 4096, default: 120 } }],
      responses: {
        '200': jsonResponse('Numbered rows, about `kb` KiB in all.', ref('schemas', 'BulkRows')),
        ...errors('400'),
      },
    },
  },
  '/diagnostics/fail': {
    get: {
      tags: ['Diagnostics'],
      operationId: 'failAlways',
      summary: 'Always fail with 500',
      responses: { '500': { ...jsonResponse('The server fault.', ref('schemas', 'Error')) } },
    },
  },
}
