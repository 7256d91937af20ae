/** JWT (HMAC / RSA / ECDSA): built and signed client-side for every request, sent as `Authorization: Bearer <jwt>`. */
import type { JwtAuth } from '../environment.js'
import { isHmac } from '../jwt/keys.js'
import { jwtAlgorithms, signJwt } from '../jwt/sign.js'
import type { AuthScheme } from '../scheme/types.js'

/** SPEC.md: a new JWT config has three claims, `sub`, `iat: ${now}` and `exp: ${now+3600}` (numbers, unquoted). */
export const DEFAULT_JWT_PAYLOAD = '{"sub": "wirebench", "iat": ${now}, "exp": ${now+3600}}'
export const DEFAULT_JWT_HEADER = '{"typ": "JWT"}'

export const jwtScheme: AuthScheme<JwtAuth> = {
  type: 'jwt',
  label: 'JWT',
  description: 'Signs a JWT for every request (HMAC, RSA or ECDSA) and sends it as a bearer token.',
  fields: [
    {
      key: 'algorithm',
      label: 'Algorithm',
      kind: 'select',
      options: jwtAlgorithms.map((alg) => ({ value: alg, label: alg })),
    },
    {
      key: 'header',
      label: 'Header',
      kind: 'json',
      optional: true,
      help: '"alg" and "typ" are filled in when missing; "typ": null leaves typ out.',
    },
    {
      key: 'payload',
      label: 'Payload',
      kind: 'json',
      help: 'Substituted before parsing: ${now} and ${now+3600} become numbers when left unquoted.',
    },
    {
      key: 'secret',
      label: 'Secret',
      labelFor: (config) => (isHmac(config.algorithm) ? 'Secret' : 'Private Key (PEM PKCS#8)'),
      kind: 'secret',
      secret: true,
      help: 'HMAC: the shared text secret. RSA/ECDSA: "-----BEGIN PRIVATE KEY-----" PEM. Supports ${var}.',
    },
  ],
  defaults: () => ({
    type: 'jwt',
    algorithm: 'HS256',
    header: DEFAULT_JWT_HEADER,
    payload: DEFAULT_JWT_PAYLOAD,
    secret: '',
  }),
  headerNames: () => ['Authorization'],
  async apply(config) {
    const { token } = await signJwt(config)
    return { headers: { Authorization: `Bearer ${token}` }, markers: {} }
  },
}
