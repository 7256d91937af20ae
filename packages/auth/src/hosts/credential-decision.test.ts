import { describe, expect, it } from 'vitest'
import type { Environment } from '../environment.js'
import { decideCredentials, secretReferences, withHostDecision } from './credential-decision.js'

const local = (overrides: Partial<Environment> = {}): Environment => ({
  id: 'local',
  name: 'Local demo',
  vars: { token: 's3cret', baseUrl: 'http://localhost:8080', apiKey: 'k-1' },
  auth: { type: 'bearer', token: '${token}' },
  hosts: { approved: ['localhost'], refused: ['evil.example'] },
  ...overrides,
})

describe('decideCredentials', () => {
  it('sends to an approved host, whatever its port and scheme', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'https://LOCALHOST:9443/api' })).toEqual({
      kind: 'send',
      host: 'localhost',
      reason: 'approved',
    })
  })

  it('resolves the target URL’s variables to find the host', () => {
    expect(decideCredentials({ environment: local(), targetUrl: '${baseUrl}/v1' })).toMatchObject({
      kind: 'send',
      host: 'localhost',
    })
  })

  it('withholds from a refused host, even when the caller pre-approves it', () => {
    expect(
      decideCredentials({
        environment: local(),
        targetUrl: 'https://evil.example/x',
        preApprovedHosts: ['evil.example'],
      }),
    ).toEqual({ kind: 'withhold', host: 'evil.example', reason: 'refused' })
  })

  it('asks about a host never decided, unless the caller pre-approves it (the CLI’s command-line hosts)', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'https://petstore.swagger.io/v2' })).toEqual({
      kind: 'ask',
      host: 'petstore.swagger.io',
    })
    expect(
      decideCredentials({
        environment: local(),
        targetUrl: 'https://petstore.swagger.io/v2',
        preApprovedHosts: ['https://petstore.swagger.io/v2/swagger.json', 'not a host'],
      }),
    ).toEqual({ kind: 'send', host: 'petstore.swagger.io', reason: 'pre-approved' })
  })

  it('withholds when the target names no host', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'upload.proto' })).toEqual({
      kind: 'withhold',
      host: undefined,
      reason: 'no-host',
    })
  })

  it('needs no decision for a call that would carry nothing of the environment', () => {
    const plain = local({ auth: { type: 'none' } })
    expect(decideCredentials({ environment: plain, targetUrl: 'https://evil.example/' })).toEqual({
      kind: 'nothing-to-bind',
      host: 'evil.example',
    })
    expect(decideCredentials({ environment: null, targetUrl: 'https://evil.example/' }).kind).toBe('nothing-to-bind')
  })

  it('binds secret variables even without auth: referencing one makes the call need a decision', () => {
    const plain = local({ auth: { type: 'none' } })
    const call = { metadata: { 'X-Api-Key': '${apiKey}' } }
    expect(decideCredentials({ environment: plain, targetUrl: 'https://evil.example/', call })).toMatchObject({
      kind: 'withhold',
      reason: 'refused',
    })
    // Only the variables the caller calls secret (and those the auth references) count when it says which they are.
    expect(
      decideCredentials({ environment: plain, targetUrl: 'https://evil.example/', call, secretVariables: ['token'] })
        .kind,
    ).toBe('nothing-to-bind')
  })

  it('finds the secret variables a call references, escaped ones excluded', () => {
    const env = local({ auth: { type: 'bearer', token: '${token}' } })
    expect(
      secretReferences(
        env,
        { messages: [{ a: '${apiKey}', b: '$${token}', c: '${undefinedOne}' }], serverUrl: '${baseUrl}' },
        ['apiKey'],
      ),
    ).toEqual(['apiKey'])
    expect(secretReferences(env, { metadata: { x: '${token}' } }, [])).toEqual(['token'])
  })
})

describe('withHostDecision', () => {
  it('moves a host into the list of the answer, keeping the rest, without touching the original', () => {
    const env = local()
    expect(withHostDecision(env, 'evil.example', true).hosts).toEqual({
      approved: ['localhost', 'evil.example'],
      refused: [],
    })
    expect(withHostDecision(env, 'petstore.swagger.io', false).hosts).toEqual({
      approved: ['localhost'],
      refused: ['evil.example', 'petstore.swagger.io'],
    })
    expect(env.hosts).toEqual({ approved: ['localhost'], refused: ['evil.example'] })
  })
})
