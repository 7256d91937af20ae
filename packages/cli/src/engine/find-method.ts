/** Finds `Service/Method` (or a service alone) among discovered services, by short or full name. */
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import { CliFailure } from '../failure.js'

export interface FoundMethod {
  service: ServiceInfo
  method: MethodInfo
}

/** `pkg.Service/Method` → [`pkg.Service`, `Method`]; a name without `/` names a service. */
export function splitAddress(text: string): { service: string; method?: string } {
  const at = text.indexOf('/')
  if (at < 0) return { service: text }
  return { service: text.slice(0, at), method: text.slice(at + 1) }
}

function fullName(service: ServiceInfo): string {
  return service.package ? `${service.package}.${service.name}` : service.name
}

/** The display name of a service: short when unambiguous among `all`, else with its package. */
export function serviceLabel(service: ServiceInfo, all: readonly ServiceInfo[]): string {
  const clash = all.some((other) => other !== service && other.name === service.name)
  return clash ? fullName(service) : service.name
}

export function findServices(services: readonly ServiceInfo[], name: string): ServiceInfo[] {
  const exact = services.filter((s) => fullName(s) === name)
  if (exact.length > 0) return exact
  const short = services.filter((s) => s.name === name)
  if (short.length > 0) return short
  // gRPC services are named in full (`pkg.v1.Telemetry`): the short name works when it is unambiguous.
  const suffix = services.filter((s) => fullName(s).endsWith(`.${name}`))
  if (suffix.length > 0) return suffix
  const lower = name.toLowerCase()
  return services.filter((s) => s.name.toLowerCase() === lower || fullName(s).toLowerCase() === lower)
}

function suggestions(services: readonly ServiceInfo[]): string {
  const names = services.flatMap((s) => s.methods.map((m) => `${serviceLabel(s, services)}/${m.name}`))
  const shown = names.slice(0, 8).join(', ')
  return `Methods there: ${shown}${names.length > 8 ? `, … (${names.length} in all; wirebench list shows them)` : ''}.`
}

export function findMethod(services: readonly ServiceInfo[], address: string): FoundMethod {
  const { service: serviceName, method: methodName } = splitAddress(address)
  if (!methodName) {
    throw CliFailure.usage(`"${address}" names no method: write Service/Method.`, suggestions(services))
  }
  const candidates = findServices(services, serviceName)
  if (candidates.length === 0)
    throw CliFailure.usage(`No service "${serviceName}" was discovered.`, suggestions(services))
  const found = candidates.flatMap((service) =>
    service.methods.filter((m) => m.name === methodName).map((method) => ({ service, method })),
  )
  if (found.length === 0) {
    throw CliFailure.usage(`Service "${serviceName}" has no method "${methodName}".`, suggestions(candidates))
  }
  if (found.length > 1) {
    const where = found.map((f) => `${f.service.protocol}@${f.service.originUrl ?? ''}`).join(', ')
    throw CliFailure.usage(
      `"${address}" is offered by several services (${where}).`,
      'Pin one with --protocol <id>, or give only the --url that serves it.',
    )
  }
  return found[0]!
}
