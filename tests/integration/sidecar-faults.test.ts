/**
 * The sidecar host against real child processes that misbehave on purpose (tests/fixtures/sidecars/fault-sidecar.mjs):
 * crashes, hangs, SIGTERM-proof process groups, floods, oversized lines, garbage, impostors and environment dumps.
 */
import { existsSync } from 'node:fs'
import { readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '@wirebench/core'
import { createSidecarPlugin, readManifest, scanPluginDirs } from '@wirebench/sidecar'
import type { SidecarHostLimits, SidecarPlugin } from '@wirebench/sidecar'
import { contractContext } from '../contract/protocol-contract.js'
import { failure } from '../support/workbench-failure.js'
import { createTempDirs, faultManifest, faultSidecar, isAlive } from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'

const call = { target: 'fault://here', service: 'Fault', method: 'Call', messages: [{}] }

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const log = (message: string) => void lines.push(message)
  return { lines, debug: log, info: log, warn: log, error: log }
}

describe('sidecar faults (real child processes)', () => {
  let dirs: TempDirs
  const plugins: SidecarPlugin[] = []

  const faultPlugin = async (
    mode: string,
    options: { limits?: Partial<SidecarHostLimits>; logger?: Logger; manifest?: Record<string, unknown> } = {},
  ): Promise<SidecarPlugin> => {
    const dir = await dirs.plugin({ program: faultSidecar, manifest: { ...faultManifest(mode), ...options.manifest } })
    const checked = await readManifest(dir)
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems))
    const plugin = createSidecarPlugin({
      dir,
      manifest: checked.manifest,
      hostVersion: 'test',
      logger: options.logger ?? recordingLogger(),
      limits: { pingIntervalMs: 0, ...options.limits },
    })
    plugins.push(plugin)
    return plugin
  }

  beforeAll(async () => {
    dirs = await createTempDirs()
  })

  afterAll(async () => {
    await Promise.all(plugins.map((p) => p.dispose?.() ?? Promise.resolve()))
    await dirs?.remove()
  })

  it('fails a call clearly when the sidecar crashes in it, and starts it again on the next call', async () => {
    const plugin = await faultPlugin('crash-mid-call')
    const first = await plugin.invoke(call, contractContext())
    const firstPid = (first.response as { pid: number }).pid

    const error = await failure(plugin.invoke({ ...call, messages: [{ crash: true }] }, contractContext()))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toMatch(/Fault sidecar stopped: it exited with code 7/)
    const status = plugin.sidecar.status()
    expect(status).toMatchObject({ state: 'crashed', crashCount: 1, exitCode: 7 })
    expect(status.stderrTail).toContain('about to crash')

    const again = await plugin.invoke(call, contractContext())
    expect((again.response as { pid: number }).pid).not.toBe(firstPid)
    expect(plugin.sidecar.status()).toMatchObject({ state: 'running', crashCount: 1 })
  })

  it('backs off after repeated crashes and says when it starts again', async () => {
    const plugin = await faultPlugin('crash-mid-call', { limits: { backoffBaseMs: 5_000 } })
    await failure(plugin.invoke({ ...call, messages: [{ crash: true }] }, contractContext()))
    await plugin.invoke(call, contractContext())
    await failure(plugin.invoke({ ...call, messages: [{ crash: true }] }, contractContext()))
    const refused = await failure(plugin.invoke(call, contractContext()))
    expect(refused.code).toBe('upstream_unreachable')
    expect(refused.message).toMatch(/crashed 2 times in a row; it is started again in [1-5] s/)
    expect(plugin.sidecar.status().nextStartAt).toBeDefined()
    // A restart from the plugin list does not wait for the back-off.
    expect((await plugin.sidecar.restart()).state).toBe('running')
  })

  it('gives a timeout problem for a request a hung sidecar never answers', async () => {
    const plugin = await faultPlugin('hang', { limits: { requestTimeoutMs: 400 } })
    const started = Date.now()
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/gave no answer to invoke within 400 ms/)
    expect(error.hint).toMatch(/Check its stderr .*give the call a longer timeout/)
    expect(Date.now() - started).toBeLessThan(2_000)
    // The call's own deadline wins over the per-request timeout.
    const deadline = await failure(plugin.invoke(call, contractContext({ deadline: Date.now() + 150 })))
    expect(deadline.code).toBe('timeout')
    expect(plugin.sidecar.status().state).toBe('running')
  })

  it('times out a stream the sidecar never acknowledges', async () => {
    const plugin = await faultPlugin('hang', { limits: { requestTimeoutMs: 400 } })
    const started = Date.now()
    const frames = plugin.invokeStream!({ ...call, method: 'Stream' }, contractContext())[Symbol.asyncIterator]()
    const error = await failure(frames.next())
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/gave no answer to invokeStream within 400 ms/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('stops a health check that goes unanswered by restarting the sidecar on the next call', async () => {
    const plugin = await faultPlugin('hang-ping', { limits: { pingIntervalMs: 100, pingTimeoutMs: 100 } })
    const first = await plugin.invoke(call, contractContext())
    const deadline = Date.now() + 5_000
    while (plugin.sidecar.status().state === 'running' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(plugin.sidecar.status()).toMatchObject({ state: 'crashed', lastPing: { ok: false } })
    expect(plugin.sidecar.status().message).toMatch(/did not answer 2 health checks/)
    const again = await plugin.invoke(call, contractContext())
    expect((again.response as { pid: number }).pid).not.toBe((first.response as { pid: number }).pid)
  })

  it('kills the whole process group after the shutdown grace: a sidecar ignoring SIGTERM and its grandchild', async () => {
    const pidFile = join(await dirs.make(), 'pids')
    const previous = process.env.WORKBENCH_FAULT_PIDFILE
    process.env.WORKBENCH_FAULT_PIDFILE = pidFile
    try {
      const plugin = await faultPlugin('ignore-term')
      await plugin.invoke(call, contractContext())
      const [parent, grandchild] = (await readFile(pidFile, 'utf8')).split(' ').map(Number) as [number, number]
      expect(isAlive(parent)).toBe(true)
      expect(isAlive(grandchild)).toBe(true)
      const started = Date.now()
      await plugin.dispose?.()
      // 500 ms of grace (the manifest's shutdownTimeoutMs), then SIGKILL of the group.
      expect(Date.now() - started).toBeGreaterThanOrEqual(450)
      const deadline = Date.now() + 2_000
      while ((isAlive(parent) || isAlive(grandchild)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20))
      expect(isAlive(parent)).toBe(false)
      expect(isAlive(grandchild)).toBe(false)
    } finally {
      if (previous === undefined) delete process.env.WORKBENCH_FAULT_PIDFILE
      else process.env.WORKBENCH_FAULT_PIDFILE = previous
    }
  })

  it('stops a sidecar that writes a 10 MB line, with a clear error', async () => {
    const plugin = await faultPlugin('long-line')
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('upstream_invalid')
    expect(error.message).toMatch(/wrote a line of more than 8388608 bytes .* it was stopped/)
    expect(plugin.sidecar.status()).toMatchObject({ state: 'crashed' })
  })

  it('stops a sidecar that floods stdout with notifications for nothing open', async () => {
    const plugin = await faultPlugin('flood', { limits: { junkLimit: 5_000 } })
    const before = process.memoryUsage().rss
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('upstream_invalid')
    expect(error.message).toMatch(/flooded stdout with 5001 messages .* it was stopped/)
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
  })

  it('ends only the stream its consumer stopped reading, with a clear error; other calls and pings go on', async () => {
    const plugin = await faultPlugin('good', { limits: { maxQueuedFrames: 1_000 } })
    const frames = plugin.invokeStream!({ ...call, method: 'Stream' }, contractContext())[Symbol.asyncIterator]()
    await frames.next()
    // The reader stalls; the sidecar keeps answering everyone else on the same stdout.
    await new Promise((r) => setTimeout(r, 300))
    const started = Date.now()
    expect(await plugin.invoke(call, { ...contractContext(), deadline: Date.now() + 3_000 })).toMatchObject({
      status: 'OK',
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    await plugin.sidecar.probe(2_000)
    expect(plugin.sidecar.status()).toMatchObject({ state: 'running', lastPing: { ok: true } })
    // The frames queued before the bound are still read, then the stream's own error.
    let count = 1
    let error: unknown
    try {
      for (let next = await frames.next(); !next.done; next = await frames.next()) {
        if (next.value.type === 'message') expect((next.value.data as { n: number }).n).toBe(++count)
      }
    } catch (caught) {
      error = caught
    }
    expect(count).toBeGreaterThanOrEqual(1_000)
    expect(count).toBeLessThan(200_000)
    expect(error).toMatchObject({ code: 'busy' })
    expect((error as Error).message).toMatch(/Fault sidecar sent faster than this stream was read/)
  })

  it('logs and skips invalid JSON, a wrong jsonrpc version, unknown ids and strays, and answers the call', async () => {
    const logger = recordingLogger()
    const plugin = await faultPlugin('garbage', { logger })
    const result = await plugin.invoke(call, contractContext())
    expect(result).toMatchObject({ status: 'OK', response: { ok: true } })
    const log = logger.lines.join('\n')
    expect(log).toMatch(/skipped a malformed line \(not JSON: this is not json\)/)
    expect(log).toMatch(/jsonrpc is "1\.0", not "2\.0"/)
    expect(log).toMatch(/a reply to unknown request id 999999/)
    expect(log).toMatch(/data for stream nope, which is not open/)
    expect(plugin.sidecar.status().state).toBe('running')
  })

  it('refuses a sidecar that answers initialize with another protocol id, and does not keep it running', async () => {
    const plugin = await faultPlugin('wrong-id')
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('upstream_invalid')
    expect(error.message).toMatch(/answered initialize as protocol "someone-else", but its manifest declares "fault"/)
    const status = plugin.sidecar.status()
    expect(status.state).toBe('refused')
    expect(status.pid).toBeUndefined()
    // Refused stays refused: no respawn loop.
    expect((await failure(plugin.invoke(call, contractContext()))).message).toMatch(/was refused/)
  })

  it("sends initialize the host's facts; the name, icon and call kinds it answers replace the manifest's", async () => {
    const plugin = await faultPlugin('identity')
    // Before the first start the manifest speaks, and every call kind is offered (nothing is started to list it).
    expect(plugin.name).toBe('Fault')
    expect(plugin.iconSvg).toBeUndefined()
    expect('invokeStream' in plugin).toBe(true)
    const result = await plugin.invoke(call, contractContext())
    expect((result.response as { initialize: unknown }).initialize).toEqual({
      hostVersion: 'test',
      protocolVersion: 1,
      expectedProtocolId: 'fault',
    })
    expect(plugin.name).toBe('Fault (its own name)')
    expect(plugin.iconSvg).toBe('<svg id="own"/>')
    // It declared neither server streams nor channels: the plugin no longer offers them.
    expect('invokeStream' in plugin).toBe(false)
    expect('openChannel' in plugin).toBe(false)
    expect(plugin.sidecar.status().capabilities).toEqual({ serverStreaming: false, channels: false })
  })

  it('answers "busy" beyond the bound on requests in flight, at once, and sends again once there is room', async () => {
    const logger = recordingLogger()
    const plugin = await faultPlugin('hang', { logger, limits: { maxPending: 2, requestTimeoutMs: 1_500 } })
    const hung = [plugin.invoke(call, contractContext()), plugin.invoke(call, contractContext())]
    // Both are in flight once the sidecar runs (the first call starts it).
    const deadline = Date.now() + 5_000
    while (plugin.sidecar.status().state !== 'running' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    // "At once" is an order, not a time: the refusal comes while both hung calls are still in flight (they end only
    // at their 1.5 s timeout), where a queued request would have waited for one of them.
    let isSlotFree = false
    const markFree = () => {
      isSlotFree = true
    }
    for (const inFlight of hung) void inFlight.then(markFree, markFree)
    const refused = await failure(plugin.invoke(call, contractContext()))
    expect(isSlotFree).toBe(false)
    expect(refused.code).toBe('busy')
    expect(refused.message).toMatch(/Fault sidecar has 2 requests in flight; try again shortly/)
    for (const error of await Promise.all(hung.map((p) => failure(p)))) expect(error.code).toBe('timeout')
    // With the hung ones timed out, there is room again: the next request goes out (and times out in its turn).
    expect((await failure(plugin.invoke(call, contractContext()))).code).toBe('timeout')
    expect(plugin.sidecar.status().state).toBe('running')
  })

  it('passes only the envPrefix variables and the base set, never the rest of the workbench environment', async () => {
    process.env.SIDECAR_TEST_CANARY = 'canary-7f3a9c'
    process.env.WORKBENCH_FAULT_VISIBLE = 'yes'
    process.env.CUSTOM_VISIBLE = 'custom'
    try {
      const plugin = await faultPlugin('env')
      const { env } = (await plugin.invoke(call, contractContext())).response as { env: Record<string, string> }
      expect(JSON.stringify(env)).not.toContain('canary-7f3a9c')
      expect(env.WORKBENCH_FAULT_VISIBLE).toBe('yes')
      expect(env.PATH).toBe(process.env.PATH)
      for (const name of Object.keys(env)) expect(name, name).toMatch(/^(PATH|HOME|LANG|TMPDIR|WORKBENCH_.*)$/)
      const custom = await faultPlugin('env', { manifest: { envPrefix: 'CUSTOM_' } })
      const seen = ((await custom.invoke(call, contractContext())).response as { env: Record<string, string> }).env
      expect(seen.CUSTOM_VISIBLE).toBe('custom')
      expect(seen.WORKBENCH_FAULT_VISIBLE).toBeUndefined()
    } finally {
      delete process.env.SIDECAR_TEST_CANARY
      delete process.env.WORKBENCH_FAULT_VISIBLE
      delete process.env.CUSTOM_VISIBLE
    }
  })

  it('passes arguments as argv without a shell: shell syntax in them runs nothing', async () => {
    const marker = join(dirs.root(), 'shell-ran')
    const plugin = await faultPlugin('env', {
      manifest: { args: ['--mode', 'env', `$(touch ${marker})`, `; touch ${marker}`, `\`touch ${marker}\``] },
    })
    const result = await plugin.invoke(call, contractContext())
    expect(result.status).toBe('OK')
    expect(existsSync(marker)).toBe(false)
  })

  it('refuses an executable that links out of the plugin directory, and starts nothing', async () => {
    const outside = join(await dirs.make(), 'outside.sh')
    const marker = join(dirs.root(), 'outside-ran')
    await writeFile(outside, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 })
    const dir = await dirs.plugin({ manifest: faultManifest('good', { executable: 'run.sh', args: [] }) })
    await symlink(outside, join(dir, 'run.sh'))
    const checked = await readManifest(dir)
    if (!checked.ok) throw new Error('manifest')
    const plugin = createSidecarPlugin({
      dir,
      manifest: checked.manifest,
      hostVersion: 'test',
      logger: recordingLogger(),
    })
    plugins.push(plugin)
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('invalid_document')
    expect(error.message).toMatch(/"run\.sh" is a link to .*outside\.sh, outside the plugin directory/)
    expect(existsSync(marker)).toBe(false)
  })

  it('lists an executable out of its directory or a refused http url as invalid, and a start says why', async () => {
    const outside = join(await dirs.make(), 'elsewhere.sh')
    await writeFile(outside, '#!/bin/sh\n', { mode: 0o755 })
    const linked = await dirs.plugin({ manifest: faultManifest('good', { executable: 'run.sh', args: [] }) })
    await symlink(outside, join(linked, 'run.sh'))
    const metadata = await dirs.plugin({
      manifest: {
        packageId: 'dev.test.meta',
        protocol: { id: 'meta', name: 'Meta' },
        transport: 'http',
        url: 'http://0xA9FEA9FE/',
      },
    })
    const [linkEntry, urlEntry] = await scanPluginDirs({ extraDirs: [linked, metadata] })
    expect(linkEntry).toMatchObject({ status: 'invalid', packageId: 'dev.wirebench.test.fault-good' })
    expect(linkEntry?.status === 'invalid' && linkEntry.problems).toEqual([
      { path: '/executable', message: expect.stringMatching(/"run\.sh" is a link to .*elsewhere\.sh, outside/) },
    ])
    expect(urlEntry?.status === 'invalid' && urlEntry.problems).toEqual([
      { path: '/url', message: expect.stringMatching(/cloud-metadata address/) },
    ])
    // Loaded anyway (an older scan, a file changed since): the start fails at once and the state says so.
    const checked = await readManifest(metadata)
    if (!checked.ok) throw new Error('manifest')
    const plugin = createSidecarPlugin({
      dir: metadata,
      manifest: checked.manifest,
      hostVersion: 'test',
      logger: recordingLogger(),
    })
    plugins.push(plugin)
    const error = await failure(plugin.invoke(call, contractContext()))
    expect(error.code).toBe('invalid_document')
    expect(error.message).toMatch(/Meta sidecar's manifest is not usable: .*cloud-metadata/)
    expect(plugin.sidecar.status()).toMatchObject({ state: 'refused', message: error.message })
    expect(await plugin.sidecar.restart()).toMatchObject({ state: 'refused', message: error.message })
  })
})
