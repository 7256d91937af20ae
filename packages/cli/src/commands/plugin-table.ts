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

/**
 * What a sidecar wrote (its name, version, stderr) shown as text, never as terminal control: every control character
 * is printed as a visible escape (`\x1b`), so no colour, cursor move or title change reaches the terminal.
 */
export function printable(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
    out += isControl ? `\\x${code.toString(16).padStart(2, '0')}` : char
  }
  return out
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

export interface PluginTableOptions {
  isServerRunning: boolean
  /** The directories scanned, named when nothing was found there. */
  looked?: readonly string[]
}

export function renderPluginTable(plugins: readonly PluginInfo[], options: PluginTableOptions): string {
  if (plugins.length === 0) {
    const where = options.looked?.length ? ` in ${options.looked.map(printable).join(', ')}` : ''
    return `No sidecar plugins found${where}. Install one with: wirebench plugin install <dir | file.zip>\n`
  }
  const header = ['PACKAGE', 'PROTOCOL', 'NAME', 'VERSION', 'TRANSPORT', 'MANIFEST', 'STATE', 'ENV', 'DIRECTORY']
  const rows = plugins.map((p) =>
    [
      p.packageId ?? '-',
      p.id,
      p.name,
      p.version ?? '-',
      p.transport ?? '-',
      p.manifestStatus ?? '-',
      options.isServerRunning || p.state === 'invalid' ? health(p) : '(workbench not running)',
      // The environment variables it is given: a prefix like AWS_ would hand it the user's cloud credentials.
      p.envPrefix === undefined ? '-' : `${p.envPrefix}*`,
      p.directory ?? '-',
    ].map(printable),
  )
  const lines = pad([header, ...rows])
  for (const plugin of plugins) {
    const notes = [
      ...(plugin.problems ?? []).map((p) => `${p.path} ${p.message}`),
      ...(plugin.problems === undefined && plugin.message && plugin.state !== 'running' ? [plugin.message] : []),
      ...(plugin.stderrTail ?? []).slice(-5).map((line) => `stderr: ${line}`),
    ]
    if (notes.length > 0) lines.push('', `${printable(plugin.id)}:`, ...notes.map((n) => `  ${printable(n)}`))
  }
  return `${lines.join('\n')}\n`
}
