import { describe, expect, it } from 'vitest'
import { benchSettings } from '../bench/bench-flags.js'
import { benchCommand } from './bench.js'

function helpText(): string {
  let text = ''
  const command = benchCommand({ out: () => undefined, err: () => undefined }, () => undefined)
  command.configureOutput({ writeOut: (chunk) => (text += chunk) })
  command.outputHelp()
  return text
}

describe('wirebench bench --help', () => {
  it('states the defaults the flags really have', () => {
    const help = helpText().replace(/\s+/g, ' ')
    const closed = benchSettings({})
    const open = benchSettings({ rate: '5' })
    expect(closed).toMatchObject({ mode: 'closed' })
    expect(help).toContain(`-c callers (default ${closed.concurrency})`)
    expect(help).toContain(`-n calls (default ${closed.mode === 'closed' ? closed.calls : NaN})`)
    expect(help).toContain(`--duration seconds (default ${open.durationS})`)
    expect(help).toContain(`at most -c in flight (default ${open.concurrency})`)
    expect(help).toContain(`callers (closed loop, default ${closed.concurrency})`)
  })
})

describe('wirebench bench flags out of range', () => {
  it.each([
    [{ concurrency: '0' }, '-c'],
    [{ calls: '0' }, '-n'],
    [{ warmup: '-1' }, '--warmup'],
    [{ rate: '0' }, '--rate'],
    [{ duration: '0' }, '--duration'],
  ])('names the flag in the message and in the hint: %o', (flags, flag) => {
    let failure: unknown
    try {
      benchSettings(flags)
    } catch (error) {
      failure = error
    }
    expect(failure).toMatchObject({ message: expect.stringMatching(new RegExp(`^${flag} must be `)) })
    expect(failure).toMatchObject({ hint: expect.stringMatching(new RegExp(`^Set ${flag} to `)) })
  })
})
