/**
 * Where a request goes (protocol, origin URL, service, method): the addressing part of a saved request, and the way a
 * tab finds its method in the catalog — or stands in for it when the service is not discovered.
 */
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import type { Catalog, MethodRef } from './catalog.js'

export interface RequestAddress {
  protocol: string
  url: string
  service: string
  method: string
}

export function addressKey(address: RequestAddress): string {
  return JSON.stringify([address.protocol, address.url, address.service, address.method])
}

/** The address of a discovered method (its origin is where calls route back to). */
export function addressOfRef(ref: MethodRef): RequestAddress {
  return { protocol: ref.service.protocol, url: ref.origin, service: ref.service.name, method: ref.method.name }
}

const indexes = new WeakMap<Catalog, Map<string, MethodRef>>()

/** The catalog's methods by address, built once per catalog. */
function indexOf(catalog: Catalog): Map<string, MethodRef> {
  let index = indexes.get(catalog)
  if (!index) {
    index = new Map()
    for (const ref of catalog.byKey.values()) index.set(addressKey(addressOfRef(ref)), ref)
    indexes.set(catalog, index)
  }
  return index
}

export function findByAddress(catalog: Catalog, address: RequestAddress): MethodRef | undefined {
  return indexOf(catalog).get(addressKey(address))
}

/**
 * A method reference for a request whose service is not discovered: no fields, so the pane offers the raw JSON
 * editor, and a call goes out with the saved address as it is.
 */
export function undiscoveredRef(key: string, address: RequestAddress): MethodRef {
  const emptyMessage = { name: '', fullName: '', fields: [] }
  const method: MethodInfo = {
    name: address.method,
    fullName: address.service ? `${address.service}.${address.method}` : address.method,
    clientStreaming: false,
    serverStreaming: false,
    methodType: 'Unary',
    inputType: emptyMessage,
    outputType: emptyMessage,
    deprecated: false,
  }
  const service: ServiceInfo = {
    name: address.service,
    package: '',
    methods: [method],
    source: 'saved',
    originUrl: address.url,
    isUploaded: false,
    protocol: address.protocol,
  }
  return { key, service, method, origin: address.url, isUndiscovered: true }
}
