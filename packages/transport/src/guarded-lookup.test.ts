import { describe, expect, it } from 'vitest'
import type { LookupAddress } from 'node:dns'
import type { WorkbenchError } from '@wirebench/core'
import { createGuardedLookup, refusalReason } from './guarded-lookup.js'

function lookupWith(addresses: LookupAddress[], policy = {}) {
  const lookup = createGuardedLookup(policy, () => Promise.resolve(addresses))
  return (all: boolean) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) => {
      lookup('svc.test', { all }, (error: Error | null, address: unknown, family?: number) =>
        resolve({ error, address, family }),
      )
    })
}

describe('guarded DNS lookup', () => {
  it('refuses names that resolve to cloud-metadata addresses in any spelling', async () => {
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      '::ffff:0:a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '64:ff9b:1:a9fe:a9:fe00::',
    ]) {
      const { error } = await lookupWith([{ address, family: address.includes(':') ? 6 : 4 }])(false)
      expect(error?.message).toContain('cloud-metadata')
    }
  })

  it('refuses a name when any of its addresses is a metadata address', async () => {
    const { error } = await lookupWith([
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ])(true)
    expect(error?.message).toContain('169.254.169.254')
  })

  it('answers in the shape asked for', async () => {
    const addresses = [{ address: '127.0.0.1', family: 4 }]
    expect(await lookupWith(addresses)(false)).toEqual({ error: null, address: '127.0.0.1', family: 4 })
    expect((await lookupWith(addresses)(true)).address).toEqual(addresses)
  })

  it('refuses private addresses only when the policy says so, honouring the allow-list', () => {
    expect(refusalReason('db.test', '10.0.0.5')).toBeUndefined()
    expect(refusalReason('db.test', '10.0.0.5', { blockPrivate: true })).toContain('private')
    expect(refusalReason('db.test', '10.0.0.5', { blockPrivate: true, allowHosts: ['db.test'] })).toBeUndefined()
  })

  it('names the option that allows a refused private address, for the host developer', async () => {
    const { error } = await lookupWith([{ address: '10.0.0.5', family: 4 }], { blockPrivate: true })(false)
    expect((error as WorkbenchError).hint).toContain("outboundAllowHosts: ['svc.test']")
  })

  it('reports resolver failures as they are', async () => {
    const lookup = createGuardedLookup({}, () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' })))
    const error = await new Promise<Error | null>((resolve) => lookup('x.test', {}, (e: Error | null) => resolve(e)))
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND')
  })
})
