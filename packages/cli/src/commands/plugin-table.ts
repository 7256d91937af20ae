/** How `wirebench plugin list` prints plugins: one line each, then problems and the last stderr lines under it. */
import type { PluginInfo } from '@wirebench/core'

function health(plugin: PluginInfo): string {
  switch (plugin.state) {
    case 'running':
      return `running (pid ${plugin.pid ?? '?'}${plugin.lastPing?.ok ? `, ping ${plugin.lastPing.ms ?? '?'} ms` : plugin.lastPing ? ', ping failed' : ''})`
    case 'crashed':
      return `crashed (${plugin.signal ? `signal ${plugin.signal}` : `exit ${plugin.exitCode ?? '?'}`}, ${plugin.crashCount ?? 0} in a row)`
    case 'not_started':
      return 'not started (starts on first use)'
    case 'builtin':
    case 'starting':
    case 'refused':
    case 'stopped':
    case 'invalid':
      return plugin.state.replace('_', ' ')
  }
}

function pad(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
}

export function renderPluginTable(plugins: readonly PluginInfo[], options: { isServerRunning: boolean }): string {
  if (plugins.length === 0)
    return 'No sidecar plugins found. Install one with: wirebench plugin install <dir | file.zip>\n'
  const header = ['PACKAGE', 'PROTOCOL', 'NAME', 'VERSION', 'TRANSPORT', 'MANIFEST', 'STATE', 'DIRECTORY']
  const rows = plugins.map((p) => [
    p.packageId ?? '-',
    p.id,
    p.name,
    p.version ?? '-',
    p.transport ?? '-',
    p.manifestStatus ?? '-',
    options.isServerRunning || p.state === 'invalid' ? health(p) : '(workbench not running)',
    p.directory ?? '-',
  ])
  const lines = pad([header, ...rows])
  for (const plugin of plugins) {
    const notes = [
      ...(plugin.problems ?? []).map((p) => `${p.path} ${p.message}`),
      ...(plugin.problems === undefined && plugin.message && plugin.state !== 'running' ? [plugin.message] : []),
      ...(plugin.stderrTail ?? []).slice(-5).map((line) => `stderr: ${line}`),
    ]
    if (notes.length > 0) lines.push('', `${plugin.id}:`, ...notes.map((n) => `  ${n}`))
  }
  return `${lines.join('\n')}\n`
}
