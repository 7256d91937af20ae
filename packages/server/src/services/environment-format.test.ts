import { describe, expect, it } from 'vitest'
import type { EnvironmentsDocument } from '@wirebench/auth'
import { serializeEnvironments } from './environment-format.js'

describe('environments file format', () => {
  it('gives the same bytes for the same document whatever order its keys arrived in', () => {
    const a = {
      environments: [
        {
          trust: { allowSelfSigned: false, caCertificate: '' },
          auth: { token: 't', type: 'bearer' },
          vars: { b: '1', a: '2' },
          name: 'N',
          id: 'x',
        },
      ],
      activeEnvironmentId: 'x',
      version: 2,
    } as unknown as EnvironmentsDocument
    const b: EnvironmentsDocument = {
      version: 2,
      activeEnvironmentId: 'x',
      environments: [
        {
          id: 'x',
          name: 'N',
          vars: { b: '1', a: '2' },
          auth: { type: 'bearer', token: 't' },
          trust: { caCertificate: '', allowSelfSigned: false },
        },
      ],
    }
    expect(serializeEnvironments(a)).toBe(serializeEnvironments(b))
    expect(serializeEnvironments(b)).toBe(`${JSON.stringify(b, null, 2)}\n`)
  })

  it('sorts auth fields after the type, so a diff of two saves shows only what changed', () => {
    const doc = {
      version: 2,
      activeEnvironmentId: null,
      environments: [
        { id: 'x', name: 'N', vars: {}, auth: { type: 'basic', username: 'u', password: 'p', persistCookies: true } },
      ],
    } as EnvironmentsDocument
    const auth = (JSON.parse(serializeEnvironments(doc)) as EnvironmentsDocument).environments[0]?.auth
    expect(Object.keys(auth ?? {})).toEqual(['type', 'password', 'persistCookies', 'username'])
  })
})
