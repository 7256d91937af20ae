import { ENVIRONMENTS_VERSION, type Environment } from '@wirebench/auth'
import { describe, expect, it } from 'vitest'
import type { EnvironmentsApi } from '../../api/environments-client.js'
import { createEnvironmentsStore } from '../../state/environments-store.js'
import type { WorkspaceStore } from '../../state/workspace-store.js'
import { createChainResolver } from '@wirebench/core'
import { chainExportVariables, exportVariablesOf, referencedNamesOf } from './export-request.js'

async function environmentsWith(environment: Environment | null) {
  const api: EnvironmentsApi = {
    load: () =>
      Promise.resolve({
        document: {
          version: ENVIRONMENTS_VERSION,
          environments: environment ? [environment] : [],
          activeEnvironmentId: environment?.id ?? null,
        },
        revision: 'r1',
      }),
    save: () => Promise.resolve({ revision: 'r2' }),
    clearCookies: () => Promise.resolve(),
  }
  const store = createEnvironmentsStore({ api, debounceMs: 0 })
  await store.getState().load()
  return store
}

/** Only the active workspace's variables are read. */
const workspaceWith = (vars: Record<string, string>) =>
  ({ getState: () => ({ content: { vars } }) }) as unknown as WorkspaceStore

describe('the variables an export names', () => {
  it("marks the environment's secrets as the page counts them and adds the workspace's it does not define", async () => {
    const environments = await environmentsWith({
      id: 'dev',
      name: 'dev',
      vars: { bt: 'bearer-value', host: 'api.test', apiKey: 'key-value' },
      auth: { type: 'bearer', token: '${bt}' },
    })
    const variables = exportVariablesOf(
      { environments, workspace: workspaceWith({ host: 'workspace.test', base: 'http://base.test' }) },
      new Set(['host', 'base']),
    )
    expect(variables).toEqual([
      // Used by a secret auth field.
      { name: 'bt', value: 'bearer-value', isSecret: true, isReferenced: false },
      { name: 'host', value: 'api.test', isSecret: false },
      // Named like a secret.
      { name: 'apiKey', value: 'key-value', isSecret: true, isReferenced: false },
      // The environment's `host` wins over the workspace's, which is not sent.
      { name: 'base', value: 'http://base.test', isSecret: false },
    ])
  })

  it("names the workspace's variables alone without an active environment", async () => {
    const variables = exportVariablesOf(
      { environments: await environmentsWith(null), workspace: workspaceWith({ base: 'http://base.test' }) },
      new Set(['base']),
    )
    expect(variables).toEqual([{ name: 'base', value: 'http://base.test', isSecret: false }])
  })

  it('marks a plain variable the request does not reference, and keeps every secret as one', async () => {
    const environments = await environmentsWith({
      id: 'dev',
      name: 'dev',
      vars: { fmt: 'json', apiKey: 'key-value' },
      auth: { type: 'none' },
    })
    const variables = exportVariablesOf(
      { environments, workspace: workspaceWith({ base: 'http://base.test' }) },
      referencedNamesOf({ protocol: 'rest', url: 'u', service: 's', method: 'm', messages: [{ a: '${other}' }] }),
    )
    expect(variables).toEqual([
      { name: 'fmt', value: 'json', isSecret: false, isReferenced: false },
      { name: 'apiKey', value: 'key-value', isSecret: true, isReferenced: false },
      { name: 'base', value: 'http://base.test', isSecret: false, isReferenced: false },
    ])
  })
})

describe('a secret the request uses', () => {
  it('is marked referenced, so the server masks a short value inside other text too', async () => {
    const environments = await environmentsWith({
      id: 'dev',
      name: 'dev',
      vars: { apiKey: 'ab' },
      auth: { type: 'none' },
    })
    const variables = exportVariablesOf(
      { environments, workspace: workspaceWith({}) },
      referencedNamesOf({ protocol: 'rest', url: 'u', service: 's', method: 'm', messages: [{ a: 'x-${apiKey}' }] }),
    )
    expect(variables).toEqual([{ name: 'apiKey', value: 'ab', isSecret: true, isReferenced: true }])
  })
})

describe('the response references an export names', () => {
  const resolve = createChainResolver({
    current: { body: { token: 'tok-4711', list: [{ id: 7 }] }, status: 200 },
    saved: (path) => (path === 'auth/login' ? { body: { query: { text: 'login-text' } } } : undefined),
  })

  it('lists each reference the request reads, in the URL, metadata and messages, with the value it reads now', () => {
    const variables = chainExportVariables(
      {
        protocol: 'rest',
        url: 'http://api.test/${response.list.0.id}',
        service: 's',
        method: 'm',
        metadata: { authorization: 'Bearer ${auth/login.response.query.text}' },
        messages: [{ text: '${response.token}', missing: '${response.nope}', env: '${host}' }],
      },
      resolve,
    )
    expect(variables).toEqual([
      { name: 'response.list.0.id', value: '7', isSecret: false },
      { name: 'auth/login.response.query.text', value: 'login-text', isSecret: false },
      { name: 'response.token', value: 'tok-4711', isSecret: false },
    ])
  })
})
