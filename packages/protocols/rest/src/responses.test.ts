import { describe, expect, it } from 'vitest'
import { methodOf } from './operations.test-helpers.js'

const eventsDoc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/events': {
      get: {
        operationId: 'events',
        responses: { '200': { content: { 'text/event-stream; charset=utf-8': { schema: { type: 'string' } } } } },
      },
    },
    '/ref': {
      get: { operationId: 'viaRef', responses: { '200': { $ref: '#/components/responses/Stream' } } },
    },
    '/either': {
      get: {
        operationId: 'either',
        responses: {
          '200': {
            content: { 'application/json': { schema: { type: 'object' } }, 'text/event-stream': {} },
          },
        },
      },
    },
    '/json': {
      get: {
        operationId: 'json',
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object' } } } },
          '404': { content: { 'text/event-stream': {} } },
        },
      },
    },
  },
  components: { responses: { Stream: { description: 's', content: { 'text/event-stream': {} } } } },
}

describe('event-stream operations', () => {
  it('marks an operation whose success response is text/event-stream as ServerStreaming, also through a $ref', () => {
    expect(methodOf(eventsDoc, 'events')).toMatchObject({ methodType: 'ServerStreaming', serverStreaming: true })
    expect(methodOf(eventsDoc, 'viaRef')).toMatchObject({ methodType: 'ServerStreaming', serverStreaming: true })
  })

  it('leaves an operation Unary when its success response offers JSON beside text/event-stream', () => {
    expect(methodOf(eventsDoc, 'either')).toMatchObject({ methodType: 'Unary', serverStreaming: false })
  })

  it('leaves an operation Unary when only an error response is an event stream', () => {
    expect(methodOf(eventsDoc, 'json')).toMatchObject({ methodType: 'Unary', serverStreaming: false })
  })

  it('reads Swagger 2.0 produces for event streams', () => {
    const doc = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/feed': {
          get: { operationId: 'feed', produces: ['text/event-stream'], responses: { '200': { description: 'ok' } } },
        },
        '/plain': { get: { operationId: 'plain', responses: { '200': { description: 'ok' } } } },
        '/both': {
          get: {
            operationId: 'both',
            produces: ['application/json', 'text/event-stream'],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }
    expect(methodOf(doc, 'feed').methodType).toBe('ServerStreaming')
    expect(methodOf(doc, 'plain').methodType).toBe('Unary')
    expect(methodOf(doc, 'both').methodType).toBe('Unary')
  })
})
