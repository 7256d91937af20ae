import { describe, expect, it } from 'vitest'
import type { Environment } from '../environment.js'
import { decideCredentials, readApprovableHost, secretReferences, withHostDecision } from './credential-decision.js'

const local = (overrides: Partial<Environment> = {}): Environment => ({
  id: 'local',
  name: 'Local demo',
  vars: { token: 's3cret', baseUrl: 'http://localhost:8080', apiKey: 'k-1', botToken: 'BOT-SECRET-1' },
  auth: { type: 'bearer', token: '${token}' },
  hosts: { approved: ['localhost:8080', 'api.example.com'], refused: ['evil.example'] },
  ...overrides,
})

describe('readApprovableHost', () => {
  it('approves a host on this machine only with its port', () => {
    expect(readApprovableHost('localhost')).toEqual({ error: expect.stringMatching(/add the port \(localhost:8080\)/) })
    expect(readApprovableHost('localhost:3000')).toEqual({ host: 'localhost:3000' })
    expect(readApprovableHost('api.example.com')).toEqual({ host: 'api.example.com' })
  })
})

describe('decideCredentials', () => {
  it('sends to an approved public host, whatever its port and scheme', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'wss://API.example.com:9443/api' })).toEqual({
      kind: 'send',
      host: 'api.example.com',
      reason: 'approved',
    })
  })

  it('tells the ports of this machine apart: another local port is another program, asked about', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'http://LOCALHOST:8080/api' })).toEqual({
      kind: 'send',
      host: 'localhost:8080',
      reason: 'approved',
    })
    expect(decideCredentials({ environment: local(), targetUrl: 'http://localhost:9999/api' })).toEqual({
      kind: 'ask',
      host: 'localhost:9999',
    })
    // A refusal written without a port covers every port of that name.
    const refusing = local({ hosts: { approved: ['localhost:8080'], refused: ['127.0.0.1'] } })
    expect(decideCredentials({ environment: refusing, targetUrl: 'http://127.0.0.1:4000/' })).toMatchObject({
      kind: 'withhold',
      reason: 'refused',
    })
  })

  it('resolves the target URL’s non-secret variables to find the host', () => {
    const secretVariables = ['token', 'apiKey', 'botToken']
    expect(decideCredentials({ environment: local(), targetUrl: '${baseUrl}/v1', secretVariables })).toMatchObject({
      kind: 'send',
      host: 'localhost:8080',
    })
    // A host spelled by a secret variable is no host: the secret does not decide where it goes.
    expect(
      decideCredentials({ environment: local(), targetUrl: 'https://${botToken}.evil.example/', secretVariables }),
    ).toEqual({ kind: 'withhold', host: undefined, reason: 'no-host' })
    // By default every variable counts as secret.
    expect(decideCredentials({ environment: local(), targetUrl: '${baseUrl}/v1' }).kind).toBe('withhold')
  })

  it('withholds from a refused host, even when the caller pre-approves it', () => {
    expect(
      decideCredentials({
        environment: local(),
        targetUrl: 'https://evil.example/x',
        preApprovedOrigins: ['https://evil.example/openapi.json'],
      }),
    ).toEqual({ kind: 'withhold', host: 'evil.example', reason: 'refused' })
  })

  it('asks about a host never decided, unless the caller pre-approves its origin (the URLs it was started on)', () => {
    expect(decideCredentials({ environment: local(), targetUrl: 'https://petstore.swagger.io/v2' })).toEqual({
      kind: 'ask',
      host: 'petstore.swagger.io',
    })
    expect(
      decideCredentials({
        environment: local(),
        targetUrl: 'https://petstore.swagger.io/v2',
        preApprovedOrigins: ['https://petstore.swagger.io/v2/swagger.json', 'not a host'],
      }),
    ).toEqual({ kind: 'send', host: 'petstore.swagger.io', reason: 'pre-approved' })
  })

  it('pre-approves exactly an origin: never the same name on another port or scheme', () => {
    const preApprovedOrigins = ['http://127.0.0.1:4000/openapi.json', 'ws://127.0.0.1:4001/chat', 'rest.example.com']
    const decide = (targetUrl: string) => decideCredentials({ environment: local(), targetUrl, preApprovedOrigins })
    expect(decide('http://127.0.0.1:4000/books')).toMatchObject({ kind: 'send', reason: 'pre-approved' })
    expect(decide('ws://127.0.0.1:4000/live')).toMatchObject({ kind: 'send', reason: 'pre-approved' })
    expect(decide('http://127.0.0.1:4001/x')).toMatchObject({ kind: 'send', reason: 'pre-approved' })
    expect(decide('http://127.0.0.1:4002/x')).toEqual({ kind: 'ask', host: '127.0.0.1:4002' })
    expect(decide('https://127.0.0.1:4000/x')).toEqual({ kind: 'ask', host: '127.0.0.1:4000' })
    expect(decide('http://localhost:4000/x')).toEqual({ kind: 'ask', host: 'localhost:4000' })
    // A bare name is not an origin a workbench was started on.
    expect(decide('https://rest.example.com/x')).toEqual({ kind: 'ask', host: 'rest.example.com' })
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
      approved: ['localhost:8080', 'api.example.com', 'evil.example'],
      refused: [],
    })
    expect(withHostDecision(env, 'petstore.swagger.io', false).hosts).toEqual({
      approved: ['localhost:8080', 'api.example.com'],
      refused: ['evil.example', 'petstore.swagger.io'],
    })
    expect(env.hosts).toEqual({ approved: ['localhost:8080', 'api.example.com'], refused: ['evil.example'] })
  })
})
