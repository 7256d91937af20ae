/**
 * A token endpoint that echoes the request in its error (the Authorization header, the URL with its query, the form
 * body) must not get a secret into the 502 problem or the server log in any spelling: raw, Basic base64, percent- or
 * form-encoded. The log names the token URL without its query.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workbench } from '@wirebench/server'
import { startTokenServer } from '../servers/token/token-server.js'
import type { TokenServer } from '../servers/token/token-server.js'

const token = 'b'.repeat(64)
// Characters that each encoding spells differently: space, +, /, &, =, and a non-ASCII letter.
const secret = 'Sécret+/ &x=CANARY-51'
const queryKey = 'QUERY+KEY/CANARY 77'
const refreshToken = 'refresh/+CANARY=19 z'
const clientId = 'svc id'

let tokens: TokenServer
let app: FastifyInstance
let base: string
let configDir: string
const logLines: string[] = []

beforeAll(async () => {
  tokens = await startTokenServer()
  configDir = await mkdtemp(join(tmpdir(), 'wb-echo-'))
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  app = Fastify({ logger: { level: 'trace', stream } })
  await app.register(workbench, { configDir, uiDir: null, token, mode: 'standalone' })
  base = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await app.close()
  await tokens.close()
  await rm(configDir, { recursive: true, force: true })
})

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-workbench-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** Every spelling a value can be echoed in. */
function spellings(value: string): string[] {
  const form = new URLSearchParams([['v', value]]).toString().slice(2)
  return [value, encodeURIComponent(value), form, Buffer.from(value).toString('base64')]
}

const basic = Buffer.from(
  `${new URLSearchParams([['v', clientId]]).toString().slice(2)}:${new URLSearchParams([['v', secret]]).toString().slice(2)}`,
).toString('base64')
const forbidden = [...spellings(secret), ...spellings(queryKey), ...spellings(refreshToken), basic]

describe('token proxy against an endpoint that echoes the request', () => {
  it('keeps every spelling of the secrets out of the 502 problems and the log', async () => {
    const tokenUrl = `${tokens.origin}/echo-denied?api_key=${encodeURIComponent(queryKey)}`
    const answers = [
      await post('/api/auth/oauth-token', { tokenUrl, clientId, clientSecret: secret, scope: '', audience: '' }),
      await post('/api/auth/oauth-refresh', { tokenUrl, refreshToken, clientId, clientSecret: secret, scope: 'a' }),
      await post('/api/auth/custom-token', {
        tokenUrl,
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ user: 'u', password: secret }).toString(),
        headers: { 'X-Api-Key': queryKey },
      }),
    ]
    // The endpoint did receive the secrets and echoed them: the test would see them if they got through.
    expect(tokens.received.at(0)?.headers.authorization).toBe(`Basic ${basic}`)
    const problems: string[] = []
    for (const answer of answers) {
      expect(answer.status).toBe(502)
      const text = await answer.text()
      expect(text).toContain('invalid_client: rejected ')
      problems.push(text)
    }
    const log = logLines.join('')
    expect(log).toContain('token request failed')
    for (const where of [problems.join('\n'), log]) {
      for (const value of forbidden) expect(where).not.toContain(value)
    }
    // The log names the endpoint by origin and path; the query (where the key was) is not in it.
    expect(log).toContain(`${tokens.origin}/echo-denied`)
    expect(log).not.toContain('api_key=')
  })
})
