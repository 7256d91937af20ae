import { describe, expect, it } from 'vitest'
import type { Environment } from '@wirebench/auth'
import { maskSecretValues, secretValuesOf } from './secret-values.js'

const environment = (auth: Environment['auth'], vars: Record<string, string> = {}): Environment => ({
  id: 'e1',
  name: 'Dev',
  vars,
  auth,
})

describe('secretValuesOf and maskSecretValues', () => {
  it('masks an API key sent in a header of its own name, in a query and in a JSON body', () => {
    const env = environment(
      { type: 'apikey', key: 'X-Shop-Key', value: '${shopKey}', location: 'header' },
      { shopKey: 'k/9 z&q', region: 'eu' },
    )
    const secrets = secretValuesOf(env, [])
    expect(maskSecretValues('x-shop-key: k/9 z&q', secrets)).toBe('x-shop-key: ***')
    expect(maskSecretValues('https://h/p?key=k%2F9%20z%26q', secrets)).toBe('https://h/p?key=***')
    expect(maskSecretValues('key=k%2F9+z%26q', secrets)).toBe('key=***')
    // Variables that are not secret stay readable.
    expect(maskSecretValues('region=eu', secrets)).toBe('region=eu')
  })

  it('masks variables the user marked or whose name says secret, but not values too short to matter', () => {
    const env = environment({ type: 'none' }, { password: 'hunter22', note: 'plain-text', pin: '12' })
    expect(maskSecretValues('{"p":"hunter22","n":"plain-text"}', secretValuesOf(env, ['note', 'pin']))).toBe(
      '{"p":"***","n":"***"}',
    )
    expect(maskSecretValues('12', secretValuesOf(env, ['pin']))).toBe('12')
    expect(secretValuesOf(null, [])).toEqual([])
  })

  it('masks the base64 user:password pair of Basic auth, which the password alone does not line up with', () => {
    const env = environment({ type: 'basic', username: 'bob', password: '${pw}' }, { pw: 'CANARYpw_4477' })
    const pair = btoa('bob:CANARYpw_4477')
    expect(maskSecretValues(`authorization: Basic ${pair}`, secretValuesOf(env, []))).toBe('authorization: Basic ***')
  })
})
