import { describe, expect, it } from 'vitest'
import { describeEventStream, serviceNameOf } from './describe.js'

describe('serviceNameOf', () => {
  it('names the service after the last path segment, else the host', () => {
    expect(serviceNameOf('http://127.0.0.1:8080/api/events?x=1')).toBe('events')
    expect(serviceNameOf('http://127.0.0.1:8080/api/live%20feed/')).toBe('live feed')
    expect(serviceNameOf('https://stream.example.com/')).toBe('stream.example.com')
  })
})

describe('describeEventStream', () => {
  it('describes one ServerStreaming subscribe method whose default method is the one discovery found', () => {
    const get = describeEventStream({ url: 'http://h/events', defaultMethod: 'GET' })
    expect(get.methods[0]).toMatchObject({ name: 'subscribe', methodType: 'ServerStreaming', httpMethod: 'GET' })
    expect(get.methods[0]!.description).toBeUndefined()
    const post = describeEventStream({ url: 'http://h/events', defaultMethod: 'POST' })
    expect(post.methods[0]!.inputType.fields[0]!.defaultValue).toBe('POST')
    expect(post.methods[0]!.description).toContain('405')
  })
})
