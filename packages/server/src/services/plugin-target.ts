/**
 * The outbound check of one plugin's target. Built-in plugins get the workbench's schemes (http(s), ws(s), grpc(s));
 * a plugin that reads any scheme (a sidecar: `mqtt://`, `toy://`) gets its target's own scheme admitted, and every
 * other rule still holds: cloud-metadata hosts are refused, private ones too in embedded mode.
 */
import { checkOutboundUrl, defaultOutboundSchemes } from '@wirebench/core'
import type { OutboundPolicy, ProtocolPlugin } from '@wirebench/core'

const schemeOf = /^([a-z][a-z0-9+.-]*:)\/\//i

export function checkPluginTarget(url: string, plugin: ProtocolPlugin, policy: OutboundPolicy): URL {
  if (plugin.anyScheme !== true) return checkOutboundUrl(url, policy)
  const scheme = schemeOf.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return checkOutboundUrl(url, policy)
  return checkOutboundUrl(url, { ...policy, schemes: [...(policy.schemes ?? defaultOutboundSchemes), scheme] })
}

/** The schemes an entry may use: any, when some plugin reads any scheme; else the policy's. */
export function targetSchemes(
  registry: { list(): readonly ProtocolPlugin[] },
  policy: OutboundPolicy,
): readonly string[] | 'any' {
  return registry.list().some((p) => p.anyScheme === true) ? 'any' : (policy.schemes ?? defaultOutboundSchemes)
}

/**
 * The scheme of `url` when `plugin` cannot read it (a built-in plugin at `mqtt://…`), else undefined: in a fan-out where
 * a sidecar reads that scheme, the built-ins simply have nothing there.
 */
export function foreignScheme(url: string, plugin: ProtocolPlugin, policy: OutboundPolicy): string | undefined {
  if (plugin.anyScheme === true) return undefined
  const scheme = schemeOf.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return undefined
  return (policy.schemes ?? defaultOutboundSchemes).includes(scheme) ? undefined : scheme
}
