/**
 * Compiling a heavy response schema ahead of its first answer: the worker compiles what it is asked to prepare (its
 * first job of that key runs against it), and the REST plugin asks while its call is on the wire (a loopback server
 * holds the answer until it has) and when the method is opened.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ResponseValidator, SchemaValidationJob } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { createResponseValidator } from '@wirebench/server/engine'
import type { ServerResponseValidator } from '@wirebench/server/engine'
import { testContext } from '../servers/rest/call-context.js'

/** A record of 400 integer fields: far above the node count a plugin compiles on the main thread. */
const wide = {
  type: 'object',
  required: ['f0'],
  properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`f${i}`, { type: 'integer' }])),
}
const doc = {
  openapi: '3.0.3',
  info: { title: 'wide', version: '1' },
  paths: {
    '/records': {
      get: {
        operationId: 'listRecords',
        tags: ['records'],
        responses: {
          '200': {
            description: 'the records',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Wide' } } },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Wide: wide } },
}

/** Serves the document; `/records` waits for `release()` (or two seconds), then answers one record with a string. */
function startTarget(): Promise<{ server: Server; docUrl: string; release: () => void; waited: () => boolean }> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  let waited = false
  const server = createServer((req, res) => {
    const { port } = server.address() as { port: number }
    res.setHeader('content-type', 'application/json')
    if (req.url === '/openapi.json') {
      res.end(JSON.stringify({ ...doc, servers: [{ url: `http://127.0.0.1:${port}` }] }))
      return
    }
    const timer = setTimeout(() => res.end(JSON.stringify([{ f0: 'zero' }])), 2000)
    void released.then(() => {
      waited = true
      clearTimeout(timer)
      res.end(JSON.stringify([{ f0: 'zero' }]))
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ server, docUrl: `http://127.0.0.1:${port}/openapi.json`, release, waited: () => waited })
    }),
  )
}

let target: Awaited<ReturnType<typeof startTarget>>
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  target.server.closeAllConnections()
  await new Promise((resolve) => target.server.close(resolve))
})

describe('the validation worker', () => {
  let validator: ServerResponseValidator
  beforeAll(() => {
    validator = createResponseValidator()
  })
  afterAll(() => validator.close())

  it('compiles a prepared schema ahead: the first job of its key is checked against it', async () => {
    validator.prepare({ key: 'prepared-wide', schema: { type: 'array', items: wide }, schemaName: 'wide' })
    // The job names the key with another schema: a worker that compiled nothing yet would take this one (and pass).
    const pending = validator.submit({
      key: 'prepared-wide',
      schema: {},
      schemaName: 'wide',
      body: JSON.stringify([{ f0: 'zero' }]),
    })
    const result = await validator.result(pending.id)
    expect(result?.problems).toEqual([expect.objectContaining({ pointer: '/0/f0', keyword: 'type' })])
  })
})

describe('the REST plugin', () => {
  it('hands its answer’s heavy schema to the validator while the call is on the wire', async () => {
    const plugin = createRestPlugin()
    const server = createResponseValidator()
    const prepared: string[] = []
    const submitted: string[] = []
    const validator: ResponseValidator = {
      inlineLimitBytes: server.inlineLimitBytes,
      prepare(job) {
        prepared.push(job.key)
        server.prepare(job)
        target.release()
      },
      submit(job: SchemaValidationJob) {
        submitted.push(job.key)
        return server.submit(job)
      },
    }
    try {
      await plugin.discover({ kind: 'url', url: target.docUrl }, testContext())
      const call = { target: target.docUrl, service: 'records', method: 'listRecords', messages: [{}] }
      const result: InvokeResult = await plugin.invoke(call, { ...testContext(), validator })
      expect(target.waited()).toBe(true)
      expect(prepared).toHaveLength(1)
      expect(submitted).toEqual(prepared)
      const validation = await server.result(result.validationPending!.id)
      expect(validation?.problems).toEqual([expect.objectContaining({ pointer: '/0/f0', keyword: 'type' })])
    } finally {
      await plugin.dispose?.()
      await server.close()
    }
  })

  it('hands the same schema over when the method is opened, before any call', async () => {
    const plugin = createRestPlugin()
    const prepared: Array<Pick<SchemaValidationJob, 'key' | 'schemaName'>> = []
    const validator: ResponseValidator = {
      inlineLimitBytes: 1024,
      prepare: ({ key, schemaName }) => void prepared.push({ key, schemaName }),
      submit: () => ({ id: 'none', schema: 'none' }),
    }
    try {
      await plugin.discover({ kind: 'url', url: target.docUrl }, testContext())
      plugin.prepareValidation?.(target.docUrl, 'records', 'listRecords', validator)
      expect(prepared).toEqual([
        {
          key: expect.stringContaining('#/paths/~1records/get/responses/200/content/application~1json/schema'),
          schemaName: '#/paths/~1records/get/responses/200/content/application~1json/schema',
        },
      ])
    } finally {
      await plugin.dispose?.()
    }
  })
})
