/**
 * A hub that dies mid-upload, with the workbench embedded in this test's process (no CLI process guard): the official
 * client sends upload items on a promise chain it never awaits, so each transport's send failure must be caught by
 * the plugin and become the call's error, never an unhandled rejection in the embedding process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'

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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('a hub killed mid-upload, workbench in this process', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  const rejections: unknown[] = []
  const onRejection = (reason: unknown): void => void rejections.push(reason)

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-sig-upload-'))
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
    process.on('unhandledRejection', onRejection)
  })
  afterAll(async () => {
    process.off('unhandledRejection', onRejection)
    await wb?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it.each(['LongPolling', 'ServerSentEvents', 'WebSockets'])(
    'over %s ends the call with an error and leaves no unhandled rejection',
    async (transport) => {
      rejections.length = 0
      const hub = await startHubChild()
      const socket = new WebSocket(
        `${base.replace('http', 'ws')}/api/ws`,
        [`wirebench.token.${wb.token!}`, 'wirebench.live.v1'],
        { headers: { origin: base } },
      )
      await new Promise((done, fail) => socket.once('open', done).once('error', fail))
      let opened = false
      let closed: { problem?: { title: string; detail?: string } } | undefined
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as {
          op: string
          id: string
          frames?: { seq: number }[]
          problem?: { title: string; detail?: string }
        }
        if (message.op === 'opened') opened = true
        if (message.op === 'closed') closed = message
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
      while (!opened && Date.now() < deadline) await sleep(50)
      expect(opened).toBe(true)
      await sleep(500)
      hub.child.kill('SIGKILL')
      // Items keep coming while the transport fails; give the client time to fail its sends and close.
      const end = Date.now() + 15_000
      while (closed === undefined && Date.now() < end) await sleep(50)
      await sleep(500)
      clearInterval(feed)
      socket.close()
      expect(rejections.map(String)).toEqual([])
      expect(closed?.problem, JSON.stringify(closed)).toBeDefined()
      expect(`${closed?.problem?.title} ${closed?.problem?.detail}`).toMatch(/hub|connection|reach/i)
    },
    30_000,
  )
})
