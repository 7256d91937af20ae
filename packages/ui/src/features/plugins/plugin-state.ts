/** How the Plugins panel names a plugin's state and colours it. */
import type { PluginInfo, PluginState } from '@wirebench/core'

export type StateTone = 'ok' | 'idle' | 'warn' | 'danger'

const labels: Record<PluginState, [string, StateTone]> = {
  builtin: ['built in', 'idle'],
  not_started: ['not started', 'idle'],
  starting: ['starting', 'warn'],
  running: ['running', 'ok'],
  crashed: ['crashed', 'danger'],
  refused: ['refused', 'danger'],
  stopped: ['stopped', 'idle'],
  invalid: ['invalid', 'danger'],
}

export function stateLabel(plugin: PluginInfo): { label: string; tone: StateTone } {
  const [label, tone] = labels[plugin.state]
  if (plugin.state === 'crashed') {
    const how = plugin.signal
      ? plugin.signal
      : plugin.exitCode !== undefined && plugin.exitCode !== null
        ? `exit ${plugin.exitCode}`
        : undefined
    return { label: how ? `${label} (${how})` : label, tone }
  }
  return { label, tone }
}

/** The facts shown under a sidecar's name, in order. */
export function sidecarFacts(plugin: PluginInfo): string[] {
  const facts: string[] = []
  if (plugin.packageId) facts.push(`${plugin.packageId}${plugin.version ? ` ${plugin.version}` : ''}`)
  if (plugin.transport) facts.push(plugin.transport)
  if (plugin.pid !== undefined) facts.push(`pid ${plugin.pid}`)
  if (plugin.lastPing) facts.push(plugin.lastPing.ok ? `ping ${plugin.lastPing.ms ?? '?'} ms` : 'ping failed')
  if (plugin.crashCount) facts.push(`${plugin.crashCount} crash${plugin.crashCount === 1 ? '' : 'es'} in a row`)
  // The environment variables it is given: a prefix like AWS_ would hand it the user's cloud credentials.
  if (plugin.envPrefix !== undefined) facts.push(`env ${plugin.envPrefix}*`)
  return facts
}

/** A sidecar's icon as an image source: an SVG drawn as an image runs no script, whatever it holds. */
export function iconSource(svg: string | undefined): string | undefined {
  if (svg === undefined || !svg.trimStart().startsWith('<svg')) return undefined
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
