/**
 * The two "hub killed mid-upload" tests: the demo's chat hub in a child process (so it can be killed as a crashing
 * server would be), and a live-socket client that opens an upload to its `Sum` and keeps feeding items.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import WebSocket from 'ws'

const repoRoot = resolve(import.meta.dirname, '../../..')
const demoDist = pathToFileURL(join(repoRoot, 'examples/demo/dist/index.js')).href

export async function startHubChild(): Promise<{ child: ChildProcess; origin: string }> {
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

export interface UploadFeed {
  socket: WebSocket
  opened: () => boolean
  /** The live socket's `closed` message for the upload, once it came. */
  closed: () => { problem?: { title: string; detail?: string } } | undefined
  /** Stops feeding items and closes the live socket. */
  stop: () => void
}

/**
 * Opens the workbench's live socket at `workbenchOrigin`, starts an upload to the hub's `Sum` over `transport` and
 * sends an item every millisecond (acknowledging every frame) until `stop`.
 */
export async function feedUpload(
  workbenchOrigin: string,
  token: string | undefined,
  hubOrigin: string,
  transport: string,
): Promise<UploadFeed> {
  const socket = new WebSocket(
    `${workbenchOrigin.replace('http', 'ws')}/api/ws`,
    token ? [`wirebench.token.${token}`, 'wirebench.live.v1'] : ['wirebench.live.v1'],
    { headers: { origin: workbenchOrigin } },
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
      url: `${hubOrigin}/hubs/t`,
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
  return {
    socket,
    opened: () => opened,
    closed: () => closed,
    stop: () => {
      clearInterval(feed)
      socket.close()
    },
  }
}
