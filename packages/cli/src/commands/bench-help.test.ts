import { describe, expect, it } from 'vitest'
import { benchSettings } from '../bench/bench-flags.js'
import { benchCommand } from './bench.js'

describe('wirebench bench --help', () => {
  it('states the default concurrency a run really uses, closed and open loop', () => {
    const command = benchCommand({} as never, () => undefined)
    const option = command.options.find((o) => o.long === '--concurrency')
    const closed = benchSettings({}).concurrency
    const open = benchSettings({ rate: '10' }).concurrency
    expect(option?.description).toContain(`closed loop, default ${String(closed)}`)
    expect(option?.description).toContain(`open loop, default ${String(open)}`)
  })
})
