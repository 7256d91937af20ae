import { ENVIRONMENTS_VERSION, type EnvironmentsDocument } from '@wirebench/auth'
import { describe, expect, it } from 'vitest'
import { locateIssue } from './save-refusal.js'

const document: EnvironmentsDocument = {
  version: ENVIRONMENTS_VERSION,
  environments: [
    { id: 'a', name: 'Alpha', vars: {}, auth: { type: 'none' } },
    { id: 'b', name: 'Local demo', vars: { 'x/y': '1' }, auth: { type: 'none' } },
  ],
  activeEnvironmentId: 'a',
}

describe('locateIssue', () => {
  it('reads a host entry, from the page’s validator or the server’s problem alike', () => {
    const expected = {
      path: '/environments/1/hosts/approved/0',
      environmentId: 'b',
      part: 'hosts',
      hostList: 'approved',
      hostIndex: 0,
      label: 'Local demo › Hosts › approved host 1',
    }
    expect(locateIssue({ path: '/environments/1/hosts/approved/0', message: 'm' }, document)).toMatchObject(expected)
    expect(locateIssue({ path: 'document/environments/1/hosts/approved/0', message: 'm' }, document)).toMatchObject(
      expected,
    )
  })

  it('reads a variable (JSON Pointer escapes undone), an auth field and a document-level field', () => {
    expect(locateIssue({ path: '/environments/1/vars/x~1y', message: 'm' }, document)).toMatchObject({
      part: 'variables',
      variable: 'x/y',
      label: 'Local demo › Variables › "x/y"',
    })
    expect(locateIssue({ path: '/environments/0/auth/token', message: 'm' }, document)).toMatchObject({
      part: 'auth',
      label: 'Alpha › Auth › token',
    })
    expect(locateIssue({ path: '/activeEnvironmentId', message: 'm' }, document)).toEqual({
      path: '/activeEnvironmentId',
      message: 'm',
      label: '/activeEnvironmentId',
    })
  })
})
