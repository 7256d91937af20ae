/** Routes of the Auth and Diagnostics tags and the untagged health probe. */
import { setTimeout as sleep } from 'node:timers/promises'
import { HttpError } from '../http/http-error.js'
import { addOperation } from '../http/operation-route.js'
import type { RouteContext } from './context.js'

export function registerDiagnosticsRoutes(ctx: RouteContext): void {
  const startedAt = Date.now()
  addOperation(ctx, { method: 'get', path: '/health' }, () => ({
    status: 'ok',
    uptimeSeconds: (Date.now() - startedAt) / 1000,
  }))
  addOperation(ctx, { method: 'get', path: '/auth/whoami' }, (_request, _reply, auth) => ({
    scheme: auth.scheme,
    principal: 'demo',
  }))
  addOperation<{ Params: { code: number } }>(
    ctx,
    { method: 'get', path: '/diagnostics/status/{code}' },
    (request, reply) => {
      const { code } = request.params
      // These statuses forbid a body (RFC 9110 §15.3.5, §15.3.6, §15.4.5).
      if (code === 204 || code === 205 || code === 304) return reply.code(code).send()
      return reply.code(code).send({ status: code, message: `Forced status ${code}.` })
    },
  )
  addOperation<{ Querystring: { ms: number } }>(
    ctx,
    { method: 'get', path: '/diagnostics/delay' },
    async (request, reply) => {
      const { ms } = request.query
      const disconnected = new AbortController()
      // The response closing before we answer means the client gave up; stop waiting instead of holding a timer.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) disconnected.abort()
      })
      await sleep(ms, undefined, { signal: disconnected.signal }).catch(() => undefined)
      return { delayedMs: ms }
    },
  )
  addOperation(ctx, { method: 'get', path: '/diagnostics/teapot' }, (_request, reply) =>
    reply.code(418).send({ status: 418, message: 'I am a teapot: this status is not in the document.' }),
  )
  addOperation<{ Querystring: { kb: number } }>(ctx, { method: 'get', path: '/diagnostics/bulk' }, (request) => {
    // Rows of about one KiB each (the JSON punctuation makes up the rest), so `kb` is close to the body's size.
    const text = 'x'.repeat(1000)
    return Array.from({ length: request.query.kb }, (_, i) => ({ n: i + 1, text }))
  })
  addOperation(ctx, { method: 'get', path: '/diagnostics/fail' }, () => {
    throw new HttpError({ status: 500, code: 'deliberate_failure', message: 'This operation always fails.' })
  })
}
