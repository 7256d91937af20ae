import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { redactPaths } from './logger.js'

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
})
