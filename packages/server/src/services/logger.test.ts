import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { pluginLogger, redactPaths } from './logger.js'

describe('log redaction', () => {
  it('never writes credentials, the session token or transport markers to the log', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = Fastify({
      logger: {
        level: 'info',
        stream,
        redact: { paths: redactPaths, censor: '***' },
        serializers: { req: (req: { headers: unknown }) => ({ headers: req.headers }) },
      },
    })
    app.get('/', (request) => {
      request.log.info({ metadata: { __workbenchMtls__: 'PRIVATE KEY', authorization: 'Bearer m' } }, 'call')
      return 'ok'
    })
    await app.inject({
      url: '/',
      headers: {
        authorization: 'Bearer secret-1',
        cookie: 'sid=secret-2',
        'x-workbench-token': 'secret-3',
        'proxy-authorization': 'Basic secret-4',
      },
    })
    await app.close()
    const log = lines.join('')
    for (const secret of ['secret-1', 'secret-2', 'secret-3', 'secret-4', 'PRIVATE KEY', 'Bearer m']) {
      expect(log).not.toContain(secret)
    }
    expect(log).toContain('***')
  })

  it('writes the log lines of a plugin through the request logger, at their level and with their data', async () => {
    const lines: Array<{ level: number; msg: string; origin?: string }> = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string })
        done()
      },
    })
    const app = Fastify({ logger: { level: 'debug', stream } })
    app.get('/', (request) => {
      const logger = pluginLogger(request.log)
      logger.debug('d', { origin: 'o1' })
      logger.info('i')
      logger.warn('w', { origin: 'o3' })
      logger.error('e')
      return 'ok'
    })
    await app.inject({ url: '/' })
    await app.close()
    const own = lines.filter((line) => ['d', 'i', 'w', 'e'].includes(line.msg))
    expect(own.map((line) => [line.level, line.msg, line.origin])).toEqual([
      [20, 'd', 'o1'],
      [30, 'i', undefined],
      [40, 'w', 'o3'],
      [50, 'e', undefined],
    ])
  })
})
