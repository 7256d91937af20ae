import { describe, expect, it } from 'vitest'
import type { PluginInfo } from '@wirebench/core'
import { renderPluginTable } from './plugin-table.js'

const crashed: PluginInfo = {
  id: 'fault',
  name: 'Fault',
  kind: 'sidecar',
  state: 'crashed',
  packageId: 'dev.test.fault',
  version: '1.0.0',
  transport: 'stdio',
  envPrefix: 'FAULT_',
  directory: '/plugins/fault',
  manifestStatus: 'valid',
  exitCode: 7,
  crashCount: 2,
  message: 'Fault sidecar stopped: it exited with code 7.',
  stderrTail: ['line 1', 'line 2', 'line 3', 'line 4', 'line 5', 'about to crash'],
}

const invalid: PluginInfo = {
  id: 'dir:broken',
  name: 'broken',
  kind: 'sidecar',
  state: 'invalid',
  directory: '/plugins/broken',
  manifestStatus: 'invalid',
  problems: [{ path: '/protocol/name', message: '"name" is required.' }],
}

describe('wirebench plugin list (the table)', () => {
  it('shows a crash with its exit code, why it stopped and the last five stderr lines under it', () => {
    const lines = renderPluginTable([crashed], { isServerRunning: true }).split('\n')
    expect(lines[1]).toMatch(
      /^dev\.test\.fault\s+fault\s+Fault\s+1\.0\.0\s+stdio\s+valid\s+crashed \(exit 7, 2 in a row\)\s+FAULT_\*\s+\/plugins\/fault$/,
    )
    expect(lines.slice(3)).toEqual([
      'fault:',
      '  Fault sidecar stopped: it exited with code 7.',
      '  stderr: line 2',
      '  stderr: line 3',
      '  stderr: line 4',
      '  stderr: line 5',
      '  stderr: about to crash',
      '',
    ])
  })

  it('names each manifest problem by its path, and says health needs a running workbench', () => {
    const table = renderPluginTable([invalid, { ...crashed, stderrTail: [] }], { isServerRunning: false })
    expect(table).toContain('dir:broken:\n  /protocol/name "name" is required.\n')
    expect(table).toMatch(/dev\.test\.fault .*\(workbench not running\)/)
  })

  it('prints what a sidecar wrote (its name, version, stderr) with control characters escaped', () => {
    const hostile: PluginInfo = {
      ...crashed,
      name: 'Evil\u001b]0;pwned\u0007',
      version: '1\u001b[2J',
      message: 'stopped\r\u001b[1Afake line',
      stderrTail: ['\u001b[31mred\u001b[0m \u009b6n'],
    }
    const table = renderPluginTable([hostile], { isServerRunning: true })
    // eslint-disable-next-line no-control-regex -- no control character may be left
    expect(table).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    expect(table).toContain('Evil\\x1b]0;pwned\\x07')
    expect(table).toContain('stderr: \\x1b[31mred\\x1b[0m \\x9b6n')
    expect(table).toContain('stopped\\x0d\\x1b[1Afake line')
  })
})
