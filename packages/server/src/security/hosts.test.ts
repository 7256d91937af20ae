import { describe, expect, it } from 'vitest'
import { hostName, isHostAllowed } from './hosts.js'

describe('Host allow-list', () => {
  it('strips ports and keeps IPv6 brackets', () => {
    expect(hostName('LOCALHOST:5080')).toBe('localhost')
    expect(hostName('[::1]:80')).toBe('[::1]')
  })

  it('admits loopback names on any port and nothing that merely starts like one', () => {
    expect(isHostAllowed('localhost:1', [])).toBe(true)
    expect(isHostAllowed('[::1]', [])).toBe(true)
    expect(isHostAllowed('127.0.0.1:5080', [])).toBe(true)
    const forged = [
      'localhost.evil',
      'evil:localhost',
      '[::1].evil',
      '[::1]:80x',
      'localhost:80:81',
      '127.0.0.1.evil',
      '::1',
    ]
    for (const host of [...forged, undefined, '']) {
      expect(isHostAllowed(host, []), String(host)).toBe(false)
    }
  })

  it('admits an allowed name on any port, or an allowed name:port on that port only', () => {
    expect(isHostAllowed('wb.test:9', ['wb.test'])).toBe(true)
    expect(isHostAllowed('wb.test:9', ['wb.test:8'])).toBe(false)
    expect(isHostAllowed('wb.test:8', ['wb.test:8'])).toBe(true)
  })
})
