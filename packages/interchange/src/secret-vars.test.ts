import { describe, expect, it } from 'vitest'
import { createSecretVars } from './secret-vars.js'

describe('createSecretVars', () => {
  it('names each credential once, gives a second value of the same name a suffix, and keeps references', () => {
    const secrets = createSecretVars()
    expect(secrets.reference('token', 'a1')).toBe('${token}')
    expect(secrets.reference('token', 'a1')).toBe('${token}')
    expect(secrets.reference('token', 'b2')).toBe('${token_2}')
    expect(secrets.reference('api key', 'k')).toBe('${api_key}')
    expect(secrets.reference('token', '${fromEnv}')).toBe('${fromEnv}')
    expect(secrets.values()).toEqual({ token: 'a1', token_2: 'b2', api_key: 'k' })
  })
})
