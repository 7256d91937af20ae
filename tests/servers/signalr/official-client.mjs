// Drives a hub with the official @microsoft/signalr client in a plain Node process (under Vitest's `import` export
// condition, Node's require() of fetch-cookie inside the client loads its ESM entry and the client cannot start).
// Usage: node official-client.mjs <hubUrl> <v0HubUrl>; prints one JSON report on stdout.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { HttpTransportType, HubConnectionBuilder, LogLevel, Subject } = require('@microsoft/signalr')
const { MessagePackHubProtocol } = require('@microsoft/signalr-protocol-msgpack')

const [hubUrl, v0HubUrl] = process.argv.slice(2)
const transports = ['WebSockets', 'ServerSentEvents', 'LongPolling']
const protocols = ['json', 'messagepack']

function connect(url, transport, protocol, extra = {}) {
  const builder = new HubConnectionBuilder()
    .withUrl(url, { transport: HttpTransportType[transport], ...extra })
    .configureLogging(LogLevel.None)
  if (protocol === 'messagepack') builder.withHubProtocol(new MessagePackHubProtocol())
  return builder.build()
}

const collect = (result) =>
  new Promise((resolve, reject) => {
    const items = []
    result.subscribe({ next: (item) => items.push(item), complete: () => resolve(items), error: reject })
  })

const failure = (promise) =>
  promise.then(
    () => 'no error',
    (error) => String(error.message),
  )

async function calls(transport, protocol) {
  const connection = connect(hubUrl, transport, protocol)
  await connection.start()
  try {
    const echo = await connection.invoke('Echo', { hello: 'hub' })
    const who = await connection.invoke('WhoAmI')
    const counter = await collect(connection.stream('Counter', 5, 0))
    const cancelledAfter = await new Promise((resolve) => {
      let seen = 0
      const subscription = connection.stream('Endless', 10).subscribe({
        next: () => {
          if (++seen === 3) {
            subscription.dispose()
            resolve(seen)
          }
        },
        complete: () => undefined,
        error: () => undefined,
      })
    })
    const upload = new Subject()
    const total = connection.invoke('Sum', upload)
    for (const n of [1, 2, 3, 4]) upload.next(n)
    upload.complete()
    return {
      echo,
      who: { transport: who.transport, protocol: who.protocol },
      counter,
      cancelledAfter,
      sum: await total,
      fail: await failure(connection.invoke('Fail')),
      throwPlain: await failure(connection.invoke('ThrowPlain')),
      missing: await failure(connection.invoke('NoSuchMethod')),
    }
  } finally {
    await connection.stop()
  }
}

async function broadcastAndClose(transport, protocol) {
  const listener = connect(hubUrl, transport, protocol)
  const sender = connect(hubUrl, 'WebSockets', 'json')
  const ticks = []
  listener.on('Tick', (i) => ticks.push(i))
  await Promise.all([listener.start(), sender.start()])
  await sender.invoke('Broadcast', 200, 'b')
  const deadline = Date.now() + 10_000
  while (ticks.length < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  await sender.stop()
  const closed = new Promise((resolve) => listener.onclose((error) => resolve(error ? error.message : 'no error')))
  await listener.invoke('CloseWithError', 'the hub had enough')
  return { ticks, closeError: await closed }
}

async function negotiateV0() {
  const results = []
  for (const transport of transports) {
    const connection = connect(v0HubUrl, transport, 'json')
    await connection.start()
    results.push(await connection.invoke('Echo', transport))
    await connection.stop()
  }
  return results
}

async function skipNegotiation() {
  const connection = connect(hubUrl, 'WebSockets', 'messagepack', { skipNegotiation: true })
  await connection.start()
  const echo = await connection.invoke('Echo', 'direct')
  await connection.stop()
  return echo
}

async function idle() {
  const connection = connect(hubUrl, 'WebSockets', 'json')
  await connection.start()
  connection.serverTimeoutInMilliseconds = 1_000
  await new Promise((r) => setTimeout(r, 1_500))
  const state = connection.state
  await connection.stop()
  return state
}

const report = {}
const run = async (name, job) => {
  try {
    report[name] = { ok: await job() }
  } catch (error) {
    report[name] = { error: String(error?.stack ?? error) }
  }
}
for (const transport of transports) {
  for (const protocol of protocols) {
    if (transport === 'ServerSentEvents' && protocol === 'messagepack') continue
    await run(`calls ${transport} ${protocol}`, () => calls(transport, protocol))
    await run(`broadcast ${transport} ${protocol}`, () => broadcastAndClose(transport, protocol))
  }
}
await run('negotiate v0', negotiateV0)
await run('skip negotiation', skipNegotiation)
await run('idle with server pings', idle)
process.stdout.write(JSON.stringify(report))
