/**
 * A hub that goes away in the middle of an upload over LongPolling must not take the workbench down: the official
 * client sends upload items on a promise chain nobody awaits, so the transport's failure is an unhandled rejection,
 * which ends a Node process by default. The workbench runs as the real CLI here and the hub in a child process that
 * is killed, as a crashing server would be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, type RunningCli } from '../e2e/support/cli.js'
import { feedUpload, startHubChild } from '../servers/signalr/upload-hub-child.js'

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('a hub gone during an upload', () => {
  let cli: RunningCli
  beforeAll(async () => {
    cli = await startCli()
  })
  afterAll(async () => {
    await cli?.stop()
  })

  it.each(['LongPolling', 'ServerSentEvents'])('over %s leaves the workbench running', async (transport) => {
    const hub = await startHubChild()
    const token = /#token=([0-9a-f]+)/.exec(cli.openUrl)?.[1]
    const upload = await feedUpload(cli.origin, token, hub.origin, transport)
    const deadline = Date.now() + 10_000
    while (!upload.opened() && Date.now() < deadline) await sleep(50)
    expect(upload.opened()).toBe(true)
    await sleep(500)
    hub.child.kill('SIGKILL')
    // Items keep coming while the transport fails; give the client time to fail its sends.
    await sleep(2_000)
    upload.stop()
    const page = await fetch(`${cli.origin}/`)
    expect(page.status).toBe(200)
    expect(cli.output()).not.toMatch(/node:internal|triggerUncaughtException/)
  })
})
