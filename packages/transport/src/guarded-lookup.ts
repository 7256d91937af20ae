/** A DNS lookup for socket connects that refuses cloud-metadata (and, when asked, private) addresses after resolution. */
import dns from 'node:dns'
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { WorkbenchError, isCloudMetadataAddress, isPrivateAddress, privateTargetHint } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

type Resolver = (hostname: string, options: LookupAllOptions) => Promise<LookupAddress[]>

const systemResolver: Resolver = (hostname, options) => dns.promises.lookup(hostname, options)

/** Returns why an address may not be connected to, or undefined when it may. */
export function refusalReason(hostname: string, address: string, policy: OutboundPolicy = {}): string | undefined {
  if (isCloudMetadataAddress(address)) return `${hostname} resolves to the cloud-metadata address ${address}`
  if (!policy.blockPrivate || !isPrivateAddress(address)) return undefined
  const allowed = (policy.allowHosts ?? []).map((h) => h.toLowerCase())
  if (allowed.includes(hostname.toLowerCase()) || allowed.includes(address.toLowerCase())) return undefined
  return `${hostname} resolves to the private address ${address}`
}

/**
 * Builds a `lookup` for `net.connect`/`tls.connect` (undici `connect.lookup`). The URL check happens before the
 * request; this second check closes the gap where a public name resolves to a metadata or private address.
 */
export function createGuardedLookup(policy: OutboundPolicy = {}, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    const wantsAll = options.all === true
    resolve(hostname, { ...options, all: true })
      .then((addresses) => {
        for (const { address } of addresses) {
          const reason = refusalReason(hostname, address, policy)
          if (reason) {
            const hint = isCloudMetadataAddress(address) ? {} : { hint: privateTargetHint(hostname) }
            callback(new WorkbenchError('blocked_target', `Refused to connect: ${reason}.`, hint), '', 0)
            return
          }
        }
        const first = addresses[0]
        if (!first) {
          callback(Object.assign(new Error(`No address found for ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
          return
        }
        if (wantsAll) callback(null, addresses)
        else callback(null, first.address, first.family)
      })
      .catch((error: unknown) => callback(error as NodeJS.ErrnoException, '', 0))
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
