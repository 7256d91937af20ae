/** One index over every service the UI knows (discovered or uploaded): stable method keys and origin groups. */
import type { MethodInfo, ServiceInfo } from '@wirebench/core'

export interface MethodRef {
  key: string
  service: ServiceInfo
  method: MethodInfo
  /** Where calls route back to: the discovery URL or the uploaded file name. */
  origin: string
  /** A saved request whose service is not discovered (yet): the schema is not available, the raw JSON is sent. */
  isUndiscovered?: boolean
}

export interface OriginGroup {
  origin: string
  isUploaded: boolean
  services: ServiceInfo[]
}

export interface Catalog {
  groups: OriginGroup[]
  byKey: ReadonlyMap<string, MethodRef>
  operationCount: number
}

export function serviceOrigin(service: ServiceInfo, fallback: string): string {
  return service.originUrl ?? fallback
}

export function methodKey(service: ServiceInfo, method: MethodInfo, origin: string): string {
  return JSON.stringify([service.protocol, origin, service.name, method.name])
}

export interface CatalogInput {
  /** Discovery URL → the services found there, in URL order. */
  discovered: ReadonlyArray<{ url: string; services: ServiceInfo[] }>
  uploaded: ServiceInfo[]
}

export function buildCatalog(input: CatalogInput): Catalog {
  const groups: OriginGroup[] = []
  const byKey = new Map<string, MethodRef>()
  let operationCount = 0
  const addGroup = (origin: string, isUploaded: boolean, services: ServiceInfo[]) => {
    if (services.length === 0) return
    groups.push({ origin, isUploaded, services })
    for (const service of services) {
      for (const method of service.methods) {
        const key = methodKey(service, method, origin)
        byKey.set(key, { key, service, method, origin: serviceOrigin(service, origin) })
        operationCount++
      }
    }
  }
  for (const { url, services } of input.discovered) addGroup(url, false, services)
  const byFile = new Map<string, ServiceInfo[]>()
  for (const service of input.uploaded) {
    const origin = serviceOrigin(service, 'upload')
    byFile.set(origin, [...(byFile.get(origin) ?? []), service])
  }
  for (const [origin, services] of byFile) addGroup(origin, true, services)
  return { groups, byKey, operationCount }
}
