/**
 * A hub that goes away in the middle of an upload over LongPolling must not take the workbench down: the official
 * client sends upload items on a promise chain nobody awaits, so the transport's failure is an unhandled rejection,
 * which ends a Node process by default. The workbench runs as the real CLI here and the hub in a child process that
 * is killed, as a crashing server would be.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startCli, type RunningCli } from '../e2e/support/cli.js'

const repoRoot = resolve(import.meta.dirname, '../..')
const demoDist = pathToFileURL(join(repoRoot, 'examples/demo/dist/index.js')).href

async function startHubChild(): Promise<{ child: ChildProcess; origin: string }> {
  const script = `import { startHubServer, chatHub } from ${JSON.stringify(demoDist)}
const server = await startHubServer({ port: 0, hubs: [{ path: '/hubs/t', hub: chatHub }] })
console.log('up ' + server.origin)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  const origin = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /up (http:\/\/\S+)/.exec(out)
      if (match) done(match[1]!)
    })
    child.once('exit', (code) => fail(new Error(`the hub exited (${code}) before it listened: ${out}`)))
  })
  return { child, origin }
}

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
    const socket = new WebSocket(
      `${cli.origin.replace('http', 'ws')}/api/ws`,
      token ? [`wirebench.token.${token}`, 'wirebench.live.v1'] : ['wirebench.live.v1'],
      { headers: { origin: cli.origin } },
    )
    await new Promise((done, fail) => socket.once('open', done).once('error', fail))
    let opened = false
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { op: string; id: string; frames?: { seq: number }[] }
      if (message.op === 'opened') opened = true
      if (message.op === 'frames' && message.frames?.length) {
        socket.send(JSON.stringify({ op: 'ack', id: message.id, seq: message.frames.at(-1)!.seq }))
      }
    })
    const send = (ref: number, message: unknown) =>
      socket.send(JSON.stringify({ op: 'channel.send', id: 'up', ref, message }))
    socket.send(
      JSON.stringify({
        op: 'channel.open',
        id: 'up',
        protocol: 'signalr',
        url: `${hub.origin}/hubs/t`,
        service: 't',
        method: 'upload',
        metadata: {},
      }),
    )
    send(1, { target: 'Sum', protocol: 'json', transport })
    let ref = 2
    const feed = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) send(ref, ref++)
    }, 1)
    const deadline = Date.now() + 10_000
    while (!opened && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50))
    expect(opened).toBe(true)
    await new Promise((done) => setTimeout(done, 500))
    hub.child.kill('SIGKILL')
    // Items keep coming while the transport fails; give the client time to fail its sends.
    await new Promise((done) => setTimeout(done, 2_000))
    clearInterval(feed)
    socket.close()
    const page = await fetch(`${cli.origin}/`)
    expect(page.status).toBe(200)
    expect(cli.output()).not.toMatch(/node:internal|triggerUncaughtException/)
  })
})
