import { describe, expect, it } from 'vitest'
import { unresolvedVariables } from './auth-variables.js'

const environment = {
  id: 'dev',
  name: 'Dev',
  vars: { host: 'api.test', token: 't' },
  auth: { type: 'bearer' as const, token: '${token} ${tokenSuffix}' },
}

describe('unresolved variables of a call', () => {
  it('lists names used in the body, headers, server URL and auth that no variable defines, once each', () => {
    expect(
      unresolvedVariables({
        environment,
        messages: [{ a: '${host}', b: ['${orderId}', '${now+60}'] }],
        metadata: { 'X-Tenant': '${tenant}', 'X-Order': '${orderId}' },
        serverUrl: 'https://${host}:${port}',
      }),
    ).toEqual(['orderId', 'port', 'tenant', 'tokenSuffix'])
  })

  it('resolves nothing from an environment when none is active, but system variables still resolve', () => {
    expect(unresolvedVariables({ environment: null, messages: [{ a: '${host}', t: '${uuid}' }] })).toEqual(['host'])
  })

  it("knows the workspace's variables, below the environment's", () => {
    const call = { environment, messages: [{ a: '${shelf}', b: '${host}', c: '${other}' }] }
    expect(unresolvedVariables({ ...call, workspaceVars: { shelf: '1', host: 'ws.test' } })).toEqual([
      'other',
      'tokenSuffix',
    ])
  })

  it('has nothing to report for a call without references', () => {
    const complete = { ...environment, auth: { type: 'bearer' as const, token: '${token}' } }
    expect(unresolvedVariables({ environment: complete, messages: [{ a: 1 }], metadata: { Accept: 'json' } })).toEqual(
      [],
    )
  })
})
