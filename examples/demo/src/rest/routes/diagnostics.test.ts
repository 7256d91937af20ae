import { describe, expect, it } from 'vitest'
import { expectDocumented, useDemoApp } from '../demo-app.test-helpers.js'

describe('Diagnostics', () => {
  const demo = useDemoApp()

  it('answers the untagged health probe', async () => {
    const response = await demo.app.inject('/api/v1/health')
    expect(response.json()).toMatchObject({ status: 'ok' })
    expectDocumented(response, 'get', '/health')
  })

  it.each([201, 404, 422, 500, 503])('forces status %i with a JSON body', async (code) => {
    const response = await demo.app.inject(`/api/v1/diagnostics/status/${code}`)
    expect(response.statusCode).toBe(code)
    expect(response.json()).toEqual({ status: code, message: `Forced status ${code}.` })
  })

  it('forces 204 without a body and rejects codes outside 200–599', async () => {
    const empty = await demo.app.inject('/api/v1/diagnostics/status/204')
    expect(empty.statusCode).toBe(204)
    expect(empty.body).toBe('')
    expect((await demo.app.inject('/api/v1/diagnostics/status/99')).statusCode).toBe(400)
    expect((await demo.app.inject('/api/v1/diagnostics/status/600')).statusCode).toBe(400)
  })

  it('fails with a documented 500', async () => {
    const response = await demo.app.inject('/api/v1/diagnostics/fail')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ code: 'deliberate_failure', message: 'This operation always fails.' })
    expectDocumented(response, 'get', '/diagnostics/fail')
  })

  it('answers after the requested delay and bounds it', async () => {
    const started = Date.now()
    const response = await demo.app.inject('/api/v1/diagnostics/delay?ms=50')
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    expect(response.json()).toEqual({ delayedMs: 50 })
    expectDocumented(response, 'get', '/diagnostics/delay')
    expect((await demo.app.inject('/api/v1/diagnostics/delay?ms=30001')).statusCode).toBe(400)
  })

  it('answers unknown routes with a JSON 404 distinct from a missing resource', async () => {
    const response = await demo.app.inject('/api/v1/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('route_not_found')
  })

  it('answers 418 where the document lists only 200', async () => {
    const response = await demo.app.inject('/api/v1/diagnostics/teapot')
    expect(response.statusCode).toBe(418)
    expect(response.json()).toMatchObject({ status: 418 })
  })

  it('answers about kb KiB of rows, 120 by default', async () => {
    const response = await demo.app.inject('/api/v1/diagnostics/bulk')
    expect(response.statusCode).toBe(200)
    expect(response.body.length).toBeGreaterThan(120 * 1024 - 2048)
    expect(response.json<unknown[]>()).toHaveLength(120)
    expectDocumented(response, 'get', '/diagnostics/bulk')
    expect((await demo.app.inject('/api/v1/diagnostics/bulk?kb=5000')).statusCode).toBe(400)
  })
})
