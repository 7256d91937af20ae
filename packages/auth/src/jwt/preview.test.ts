import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import type { Environment, JwtAuth } from '../environment.js'
import { jwtScheme } from '../schemes/jwt.js'
import { previewJwt } from './preview.js'

const clock = () => 1_700_000_000_123
const environment: Environment = {
  id: 'env-1',
  name: 'Dev',
  vars: { user: 'alice', jwtSecret: 'from-a-variable', now: 'user value loses to the system variable' },
  auth: { type: 'none' },
}
const config = (overrides: Partial<JwtAuth>): JwtAuth => ({
  ...jwtScheme.defaults(),
  secret: '${jwtSecret}',
  ...overrides,
})

describe('previewJwt', () => {
  it('signs the default payload with ${now} and ${now+3600} as numeric claims', async () => {
    const preview = await previewJwt({ config: config({}), environment, system: { clock } })
    if (!('token' in preview)) throw new Error(preview.error)
    expect(decodeJwt(preview.token)).toEqual({ sub: 'wirebench', iat: 1_700_000_000, exp: 1_700_003_600 })
    expect(decodeProtectedHeader(preview.token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(preview.unresolved).toEqual([])
  })

  it('substitutes environment variables into the templates and the secret before parsing', async () => {
    const preview = await previewJwt({
      config: config({
        payload: '{"sub": "${user}", "iat": ${now-60}, "roles": ["${role}"]}',
        header: '{"kid": "${user}-key"}',
      }),
      environment,
      system: { clock },
    })
    if (!('token' in preview)) throw new Error(preview.error)
    expect(preview.payload).toEqual({ sub: 'alice', iat: 1_699_999_940, roles: ['${role}'] })
    expect(preview.header).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'alice-key' })
    expect(preview.unresolved).toEqual(['role'])
  })

  it('reports which template failed and where, after substitution', async () => {
    const preview = await previewJwt({
      config: config({ payload: '{"sub": ${user}}' }),
      environment,
      system: { clock },
    })
    expect(preview).toMatchObject({
      error:
        'JWT payload template is not valid JSON after substitution: unexpected "a" at line 1, column 9 (position 8).',
      details: { template: 'JWT payload template', position: 8, line: 1, column: 9 },
    })
    const header = await previewJwt({
      config: config({ header: '{\n  "kid": "x",\n}' }),
      environment,
      system: { clock },
    })
    expect(header).toMatchObject({ error: expect.stringMatching(/^JWT header template .* at line 3, column 1/) })
  })

  it('reports a signing error instead of throwing', async () => {
    const preview = await previewJwt({ config: config({ algorithm: 'RS256', secret: 'not a key' }), environment: null })
    expect(preview).toMatchObject({ error: expect.stringMatching(/RS256 needs a PEM PKCS#8 RSA private key/) })
  })
})
