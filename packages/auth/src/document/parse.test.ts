import { describe, expect, it } from 'vitest'
import { ENVIRONMENTS_VERSION, type AuthConfig, type EnvironmentsDocument } from '../environment.js'
import { authSchemes, defaultAuthConfig } from '../scheme/registry.js'
import { newEnvironment, redactEnvironment, redactEnvironmentsDocument, stripMemoryOnlyFields } from './environments.js'
import { migrateEnvironmentsDocument } from './migrate.js'
import { parseEnvironmentsDocument } from './parse.js'

const doc = (environments: unknown[], extra: Record<string, unknown> = {}) => ({
  version: ENVIRONMENTS_VERSION,
  environments,
  activeEnvironmentId: null,
  ...extra,
})
const issuesOf = (json: unknown) => {
  const result = parseEnvironmentsDocument(json)
  return result.ok ? [] : result.issues
}

describe('parseEnvironmentsDocument', () => {
  it('accepts a document with every auth type at its defaults and returns a copy', () => {
    const input = doc(
      authSchemes.map((s, i) => ({
        id: `e${i}`,
        name: s.label,
        vars: { a: '1' },
        auth: s.defaults(),
        trust: { caCertificate: '', allowSelfSigned: false },
        hosts: { approved: [], refused: [] },
      })),
      { activeEnvironmentId: 'e1' },
    )
    const result = parseEnvironmentsDocument(input)
    expect(result).toMatchObject({ ok: true, migrated: false })
    if (!result.ok) return
    expect(result.document).toEqual(input)
    expect(result.document.environments[0]).not.toBe(input.environments[0])
  })

  it('accepts the SPEC bearer form and persistCookies on any type', () => {
    const result = parseEnvironmentsDocument(
      doc([{ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer', token: 't', persistCookies: true } }]),
    )
    expect(result.ok).toBe(true)
  })

  it('fills optional auth fields that were left out with their defaults', () => {
    const result = parseEnvironmentsDocument(
      doc([
        { id: 'a', name: 'A', vars: {}, auth: { type: 'oauth2_cc', tokenUrl: 'u', clientId: 'c', clientSecret: 's' } },
      ]),
    )
    expect(result.ok && result.document.environments[0]!.auth).toEqual({
      type: 'oauth2_cc',
      tokenUrl: 'u',
      clientId: 'c',
      clientSecret: 's',
      scope: '',
      audience: '',
    })
  })

  it.each([
    [
      'an unknown auth type',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'digest' } }],
      '/environments/0/auth/type',
      /Unknown auth type "digest"/,
    ],
    [
      'a missing required field',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer' } }],
      '/environments/0/auth/token',
      /needs "token"/,
    ],
    [
      'a field of the wrong type',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'basic', username: 1, password: '' } }],
      '/environments/0/auth/username',
      /must be a string, not a number/,
    ],
    [
      'a select value out of range',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'apikey', key: 'k', value: 'v', location: 'cookie' } }],
      '/environments/0/auth/location',
      /one of header, query/,
    ],
    [
      'an unknown JWT algorithm',
      [
        {
          id: 'a',
          name: 'A',
          vars: {},
          auth: { type: 'jwt', algorithm: 'none', header: '', payload: '{}', secret: '' },
        },
      ],
      '/environments/0/auth/algorithm',
      /HS256/,
    ],
    [
      'a non-boolean allowSelfSigned',
      [
        {
          id: 'a',
          name: 'A',
          vars: {},
          auth: { type: 'mtls', certificate: '', privateKey: '', allowSelfSigned: 'yes' },
        },
      ],
      '/environments/0/auth/allowSelfSigned',
      /boolean/,
    ],
    [
      'a non-boolean persistCookies',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'none', persistCookies: 1 } }],
      '/environments/0/auth/persistCookies',
      /boolean/,
    ],
    [
      'a field the type does not have',
      [{ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer', token: 't', tokne: 'x' } }],
      '/environments/0/auth/tokne',
      /no field "tokne"/,
    ],
    [
      'a duplicate id',
      [
        { id: 'a', name: 'A', vars: {} },
        { id: 'a', name: 'B', vars: {} },
      ],
      '/environments/1/id',
      /already used by environment 0/,
    ],
    ['an empty id', [{ id: '', name: 'A', vars: {} }], '/environments/0/id', /non-empty/],
    ['a non-string variable', [{ id: 'a', name: 'A', vars: { n: 1 } }], '/environments/0/vars/n', /must be a string/],
    [
      'a variable named __proto__',
      [JSON.parse('{"id":"a","name":"A","vars":{"__proto__":"x"}}')],
      '/environments/0/vars/__proto__',
      /cannot be a variable name/,
    ],
    [
      'an unknown environment key',
      [{ id: 'a', name: 'A', vars: {}, colour: 'red' }],
      '/environments/0/colour',
      /no field "colour"/,
    ],
  ])('rejects %s with its path', (_name, environments, path, message) => {
    const issues = issuesOf(doc(environments))
    expect(issues).toContainEqual({ path, message: expect.stringMatching(message) })
  })

  it('requires activeEnvironmentId to name an existing environment or be null', () => {
    expect(issuesOf(doc([{ id: 'a', name: 'A', vars: {} }], { activeEnvironmentId: 'b' }))).toEqual([
      { path: '/activeEnvironmentId', message: 'activeEnvironmentId "b" names no environment.' },
    ])
    expect(issuesOf(doc([], { activeEnvironmentId: 3 }))[0]?.path).toBe('/activeEnvironmentId')
  })

  it('reports only the bad field when the active environment is invalid, not a missing active environment too', () => {
    const active = { id: 'a', name: 'A', vars: {}, hosts: { approved: ['bad host!!'] } }
    expect(issuesOf(doc([active], { activeEnvironmentId: 'a' }))).toEqual([
      { path: '/environments/0/hosts/approved/0', message: expect.stringMatching(/is not a host name/) },
    ])
  })

  it('rejects non-objects, newer versions and unknown top-level keys', () => {
    expect(issuesOf([])[0]).toEqual({ path: '', message: 'The document must be a JSON object, not an array.' })
    expect(issuesOf(doc([], { version: ENVIRONMENTS_VERSION + 1 }))[0]?.message).toMatch(
      /newer than this workbench understands/,
    )
    expect(issuesOf(doc([], { extra: true }))).toEqual([
      { path: '/extra', message: 'The document has no field "extra".' },
    ])
    expect(issuesOf({ version: 1, environments: {} })[0]).toMatchObject({ path: '/environments' })
  })
})

describe('trust settings', () => {
  const env = (trust: unknown) => ({ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer', token: 't' }, trust })

  it('keeps a CA certificate and allow-self-signed whatever the auth type, and fills what was left out', () => {
    const result = parseEnvironmentsDocument(doc([env({ caCertificate: '-----BEGIN CERTIFICATE-----' })]))
    expect(result.ok && result.document.environments[0]?.trust).toEqual({
      caCertificate: '-----BEGIN CERTIFICATE-----',
      allowSelfSigned: false,
    })
  })

  it.each([
    ['a non-object', 'yes', '/environments/0/trust', /trust must be an object/],
    ['a non-string CA', { caCertificate: 1 }, '/environments/0/trust/caCertificate', /must be a string \(PEM\)/],
    ['a non-boolean flag', { allowSelfSigned: 'no' }, '/environments/0/trust/allowSelfSigned', /must be a boolean/],
    ['an unknown key', { pin: true }, '/environments/0/trust/pin', /trust has no field "pin"/],
  ])('rejects %s with its path', (_name, trust, path, message) => {
    expect(issuesOf(doc([env(trust)]))).toContainEqual({ path, message: expect.stringMatching(message) })
  })
})

describe('host binding', () => {
  const env = (hosts: unknown) => ({ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer', token: 't' }, hosts })

  it('keeps host names in one spelling (lower case; a port only on this machine), without duplicates', () => {
    const result = parseEnvironmentsDocument(
      doc([
        env({
          approved: ['API.example.com', 'https://api.example.com:8443/x', '[::1]:8080', 'http://[::1]:8080/'],
          refused: ['localhost:9', '127.0.0.2'],
        }),
      ]),
    )
    expect(result).toMatchObject({ ok: true, migrated: false })
    expect(result.ok && result.document.environments[0]?.hosts).toEqual({
      approved: ['api.example.com', '[::1]:8080'],
      refused: ['localhost:9', '127.0.0.2'],
    })
  })

  it('drops an approval of a host on this machine without a port (it would cover every local program), and says so', () => {
    const result = parseEnvironmentsDocument(doc([env({ approved: ['127.0.0.1', 'localhost:5080'], refused: [] })]))
    expect(result).toMatchObject({ ok: true, migrated: true })
    expect(result.ok && result.document.environments[0]?.hosts).toEqual({ approved: ['localhost:5080'], refused: [] })
  })

  it.each([
    ['a non-object', [], '/environments/0/hosts', /hosts must be an object/],
    ['a non-list', { approved: 'a.example' }, '/environments/0/hosts/approved', /must be a list of host names/],
    ['a wildcard', { refused: ['*.example.com'] }, '/environments/0/hosts/refused/0', /wildcards are not supported/],
    ['a non-host', { approved: ['a b'] }, '/environments/0/hosts/approved/0', /is not a host name/],
    [
      'a host in both lists',
      { approved: ['a.example'], refused: ['A.example'] },
      '/environments/0/hosts/refused/0',
      /both approved and refused/,
    ],
    ['an unknown key', { pending: [] }, '/environments/0/hosts/pending', /hosts has no field "pending"/],
  ])('rejects %s with its path', (_name, hosts, path, message) => {
    expect(issuesOf(doc([env(hosts)]))).toContainEqual({ path, message: expect.stringMatching(message) })
  })
})

describe('memory-only fields (the mTLS passphrase)', () => {
  const mtls = { type: 'mtls', certificate: 'C', privateKey: 'K', caCertificate: '', allowSelfSigned: false }

  it('drops a stored passphrase and reports the document as migrated so it is written back without it', () => {
    const result = parseEnvironmentsDocument(
      doc([{ id: 'a', name: 'A', vars: {}, auth: { ...mtls, passphrase: 'hunter2' } }]),
    )
    expect(result).toMatchObject({ ok: true, migrated: true })
    if (!result.ok) return
    expect(result.document.environments[0]?.auth).toEqual(mtls)
    expect(JSON.stringify(result.document)).not.toContain('hunter2')
  })

  it('reads an mTLS config without a passphrase as current', () => {
    expect(parseEnvironmentsDocument(doc([{ id: 'a', name: 'A', vars: {}, auth: mtls }]))).toMatchObject({
      ok: true,
      migrated: false,
    })
  })

  it('strips memory-only fields from what is sent to the server, and from exports', () => {
    const withPassphrase = { ...mtls, passphrase: 'hunter2' } as unknown as AuthConfig
    const document: EnvironmentsDocument = {
      version: ENVIRONMENTS_VERSION,
      environments: [
        { id: 'a', name: 'A', vars: {}, auth: withPassphrase },
        { id: 'b', name: 'B', vars: {}, auth: { type: 'bearer', token: 't' } },
      ],
      activeEnvironmentId: 'a',
    }
    const stripped = stripMemoryOnlyFields(document)
    expect(stripped.environments.map((e) => e.auth)).toEqual([mtls, { type: 'bearer', token: 't' }])
    expect(stripped.activeEnvironmentId).toBe('a')
    expect((document.environments[0]?.auth as unknown as Record<string, unknown>)['passphrase']).toBe('hunter2')
    expect(JSON.stringify(redactEnvironmentsDocument(document))).not.toContain('passphrase')
  })
})

describe('migrateEnvironmentsDocument', () => {
  it('reads a document without a version but with environments as version 1', () => {
    const legacy = { environments: [{ id: 'a', name: 'A', vars: {}, auth: { type: 'bearer', token: 't' } }] }
    expect(migrateEnvironmentsDocument(legacy)).toMatchObject({ fromVersion: null, migrated: true })
    const result = parseEnvironmentsDocument(legacy)
    expect(result).toMatchObject({
      ok: true,
      migrated: true,
      document: { version: ENVIRONMENTS_VERSION, activeEnvironmentId: null },
    })
  })

  it('brings a stored version 1 document to the current version: default trust settings and no host decided', () => {
    const v1 = {
      version: 1,
      activeEnvironmentId: 'a',
      environments: [
        { id: 'a', name: 'A', vars: { t: 'x' }, auth: { type: 'bearer', token: '${t}' } },
        {
          id: 'b',
          name: 'B',
          vars: {},
          auth: { type: 'mtls', certificate: 'C', privateKey: 'K', caCertificate: 'CA', allowSelfSigned: true },
        },
      ],
    }
    const result = parseEnvironmentsDocument(v1)
    expect(result).toMatchObject({ ok: true, migrated: true })
    if (!result.ok) return
    expect(result.document.version).toBe(ENVIRONMENTS_VERSION)
    expect(result.document.environments.map((e) => e.trust)).toEqual([
      { caCertificate: '', allowSelfSigned: false },
      { caCertificate: '', allowSelfSigned: false },
    ])
    expect(result.document.environments.map((e) => e.hosts)).toEqual([
      { approved: [], refused: [] },
      { approved: [], refused: [] },
    ])
    // The mTLS auth keeps its own CA and allow-self-signed: the transport combines them with the trust settings.
    expect(result.document.environments[1]?.auth).toMatchObject({ caCertificate: 'CA', allowSelfSigned: true })
    expect(v1.environments[0]).not.toHaveProperty('trust')
  })

  it('leaves a current document as it is', () => {
    const current = doc([])
    expect(migrateEnvironmentsDocument(current)).toEqual({
      value: current,
      fromVersion: ENVIRONMENTS_VERSION,
      migrated: false,
    })
  })
})

describe('environments', () => {
  it('creates environments with unique ids and no auth', () => {
    const a = newEnvironment('Dev')
    expect(a).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Dev',
      vars: {},
      auth: { type: 'none' },
      trust: { caCertificate: '', allowSelfSigned: false },
      hosts: { approved: [], refused: [] },
    })
    expect(newEnvironment('Dev').id).not.toBe(a.id)
  })

  it('redacts non-empty secret fields as *** and keeps the rest', () => {
    const environment = {
      id: 'a',
      name: 'A',
      vars: { user: 'u' },
      auth: { type: 'aws_sigv4', accessKey: 'AK', secretKey: 'SK', region: 'r', service: 's', sessionToken: '' },
    } as const
    expect(redactEnvironment(environment).auth).toEqual({ ...environment.auth, secretKey: '***' })
    expect(environment.auth.secretKey).toBe('SK')
    expect(redactEnvironment(environment).vars).toEqual({ user: '***' })
    const document: EnvironmentsDocument = {
      version: ENVIRONMENTS_VERSION,
      environments: [environment],
      activeEnvironmentId: 'a',
    }
    expect(JSON.stringify(redactEnvironmentsDocument(document))).not.toContain('"SK"')
  })

  it('redacts every non-empty variable value, keeping the names so an importer sees what to fill in', () => {
    const environment = {
      id: 'a',
      name: 'A',
      vars: { baseUrl: 'https://api.example', pw: 'hunter2', empty: '' },
      auth: { type: 'bearer', token: '${pw}' },
    } as const
    expect(redactEnvironment(environment)).toEqual({
      id: 'a',
      name: 'A',
      vars: { baseUrl: '***', pw: '***', empty: '' },
      auth: { type: 'bearer', token: '***' },
    })
    expect(environment.vars.pw).toBe('hunter2')
  })

  it('redacts the custom token request body and headers, which carry the login password', () => {
    const auth = {
      ...defaultAuthConfig('custom_token'),
      tokenBody: '{"user":"u","password":"hunter2"}',
      tokenHeaders: '{"X-Api-Key":"k-123"}',
    }
    const redacted = redactEnvironment({ id: 'a', name: 'A', vars: {}, auth }).auth
    expect(redacted).toMatchObject({ tokenBody: '***', tokenHeaders: '***', tokenJsonPath: 'access_token' })
  })
})
