// The gRPC stream-relay target: a server stream `Feed.Readings {count, perSecond}` with reflection (grpc-js). The direct
// baseline reads the same stream with a grpc-js client, no workbench, no page.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { credentials, loadPackageDefinition, Server, ServerCredentials } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { pace, reading } from './pace.mjs'

export const name = 'gRPC'

const proto = `syntax = "proto3";
package wirebench.bench.v1;
import "google/protobuf/timestamp.proto";
service Feed { rpc Readings(FeedRequest) returns (stream Reading); }
message FeedRequest { uint32 count = 1; uint32 per_second = 2; }
message Reading {
  string station_id = 1; string sensor_id = 2; Kind kind = 3; double value = 4;
  google.protobuf.Timestamp taken_at = 5; uint64 sequence = 6;
  enum Kind { KIND_UNSPECIFIED = 0; KIND_TEMPERATURE = 1; KIND_HUMIDITY = 2; }
}`

async function loadFeed() {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-'))
  await writeFile(join(dir, 'feed.proto'), proto)
  const definition = loadSync(join(dir, 'feed.proto'), { longs: String, enums: String, defaults: true })
  return { definition, Feed: loadPackageDefinition(definition).wirebench.bench.v1.Feed }
}

export async function serve() {
  const { definition, Feed } = await loadFeed()
  let sent = 0
  const readings = async (call) => {
    let cancelled = false
    call.once('cancelled', () => (cancelled = true))
    await pace({
      count: call.request.count,
      perSecond: call.request.perSecond,
      write: (n) => {
        sent++
        const { takenAt, ...rest } = reading(n)
        const ms = Date.parse(takenAt)
        return call.write({ ...rest, takenAt: { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 } })
      },
      drained: () => new Promise((go) => call.once('drain', go)),
      isGone: () => cancelled,
    })
    if (!cancelled) call.end()
  }
  const server = new Server()
  server.addService(Feed.service, { Readings: (call) => void readings(call) })
  new ReflectionService(definition).addToServer(server)
  const port = await new Promise((ok, fail) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? fail(e) : ok(p))),
  )
  return { port, sent: () => sent, close: () => server.forceShutdown() }
}

export const discoveryUrl = (port) => `http://127.0.0.1:${port}`

let feedClass
export async function direct({ port, count, perSecond }) {
  feedClass ??= (await loadFeed()).Feed
  const client = new feedClass(`127.0.0.1:${port}`, credentials.createInsecure())
  const started = performance.now()
  let received = 0
  await new Promise((done, fail) => {
    const stream = client.Readings({ count, perSecond })
    stream.on('data', () => received++)
    stream.on('end', done)
    stream.on('error', fail)
  })
  const elapsed = (performance.now() - started) / 1000
  client.close()
  return { received, elapsed, rate: received / elapsed }
}

/** Selects the method in the workbench page. */
export async function open(page) {
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('Readings')
  await page.locator('.sb-method[data-method="Readings"]').first().click()
  await page.locator('.method-name', { hasText: 'Readings' }).waitFor()
}

/** Fills the request and starts the stream in the page. */
export async function start(page, { count, perSecond }) {
  await page.getByRole('tab', { name: 'JSON' }).click()
  await page.locator('.raw-json .cm-content').click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify({ count, perSecond }))
  await page.locator('.raw-json-status', { hasText: 'In sync with the form' }).waitFor()
  await page.keyboard.press('Control+Enter')
}
