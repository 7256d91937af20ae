/**
 * Secrets sent over the live socket never reach the server's log nor its answers (SECURITY.md): canary secrets travel
 * in `open` metadata (headers and transport markers), in channel messages and in a wrong session token, through
 * successful, failing and refused calls, with the log at trace level; then every byte logged is searched.
 *
 * The in-process server below configures no log redaction at all, so a pass means the live path never logs these
 * values in the first place; the second case runs the real CLI (with its redaction) the same way.
 */
import { Writable } from 'node:stream'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import type { LiveServerMessage } from '@wirebench/core'
import { workbench } from '@wirebench/server'
import { createLiveFixture } from '../servers/live/fixture-plugin.js'
import { connectLive, isOp, liveUrl, refusedStatus } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'
import {
  cliDirs,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'

const canaries = {
  bearer: 'CANARY-LIVE-BEARER-51d2',
  apiKey: 'CANARY-LIVE-APIKEY-7c0e',
  cookie: 'CANARY-LIVE-COOKIE-e4a9',
  mtlsKey: 'CANARY-LIVE-MTLSKEY-2b77',
  sigv4: 'CANARY-LIVE-SIGV4-90fa',
  query: 'CANARY-LIVE-QUERY-33c1',
  brokenMarker: 'CANARY-LIVE-BROKEN-6d08',
  message: 'CANARY-LIVE-MESSAGE-a5e3',
  wrongToken: 'CANARY-LIVE-TOKEN-0c4f',
}

const secretMetadata = {
  Authorization: `Bearer ${canaries.bearer}`,
  'X-Api-Key': canaries.apiKey,
  Cookie: `session=${canaries.cookie}`,
  __workbenchApiKeyQuery__: JSON.stringify({ name: 'key', value: canaries.query }),
  __workbenchMtls__: JSON.stringify({ certificate: 'C', privateKey: canaries.mtlsKey }),
  __workbenchSigV4__: JSON.stringify({ accessKey: 'A', secretKey: canaries.sigv4, region: 'r', service: 's' }),
}

const target = { url: 'fixture://local', service: 'Live' }

/** Drives every kind of live call with the secrets; returns every message the server answered. */
async function exercise(client: LiveClient, protocol: string): Promise<LiveServerMessage[]> {
  const metadata = secretMetadata
  client.send({ op: 'stream.open', id: 'ok', protocol, ...target, method: 'count', messages: [{ n: 3 }], metadata })
  client.send({ op: 'stream.open', id: 'fail', protocol, ...target, method: 'fail', messages: [{}], metadata })
  client.send({ op: 'stream.open', id: 'crash', protocol, ...target, method: 'crash', messages: [{}], metadata })
  client.send({
    op: 'stream.open',
    id: 'broken',
    protocol,
    ...target,
    method: 'count',
    messages: [{}],
    metadata: { ...metadata, __workbenchSigV4__: `{"secretKey":"${canaries.brokenMarker}"` },
  })
  client.send({ op: 'channel.open', id: 'ch', protocol, ...target, method: 'collect', metadata })
  client.send({ op: 'channel.send', id: 'ch', ref: 1, message: { secret: canaries.message } })
  client.send({ op: 'channel.closeSend', id: 'ch' })
  client.send({ op: 'channel.open', id: 'hang', protocol, ...target, method: 'refuse', metadata, timeoutMs: 100 })
  // Malformed messages carrying secrets are refused without echoing them.
  client.send({
    op: 'stream.open',
    id: 'bad',
    protocol,
    ...target,
    method: 'count',
    messages: [{}],
    metadata,
    extra: canaries.message,
  })
  client.send({ op: 'channel.send', id: 'ghost', ref: 1, message: canaries.message })
  for (const id of ['ok', 'fail', 'crash', 'broken', 'ch', 'hang']) await client.waitFor(isOp('closed', id))
  await client.waitFor(isOp('error', 'ghost'))
  return client.messages
}

function expectNoCanary(text: string, where: string): void {
  for (const [name, canary] of Object.entries(canaries)) {
    expect(text, `${name} leaked into ${where}`).not.toContain(canary)
  }
}

describe('live socket redaction', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
    await removeCliDirs()
  })

  it('never logs metadata, markers, messages or a wrong token of live calls at trace level', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const configDir = await mkdtemp(join(tmpdir(), 'wb-live-redact-'))
    dirs.push(configDir)
    const app = Fastify({ logger: { level: 'trace', stream } })
    const token = 'c'.repeat(64)
    await app.register(workbench, { configDir, uiDir: null, token, plugins: [createLiveFixture().plugin] })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as { port: number }
    const url = liveUrl(`http://127.0.0.1:${port}`)

    expect(await refusedStatus(url, { token: canaries.wrongToken })).toBe(401)
    const client = await connectLive(url, { token })
    const answers = await exercise(client, 'fixture')
    await client.close()
    await app.close()

    const log = lines.join('')
    // Trace logging really ran through the live path.
    expect(log).toContain('live call opened')
    expect(log).toContain('live call closed')
    expectNoCanary(log, 'the log')
    expectNoCanary(JSON.stringify(answers), 'an answer')
    expect(log).not.toContain(token)
  })

  it('keeps them out of everything the real CLI prints at trace level', async () => {
    requireBuiltCli()
    const { configDir, uiDir } = await cliDirs()
    const run = spawnCli(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir], {
      WIREBENCH_LOG_LEVEL: 'trace',
    })
    try {
      const { base, token } = await waitForUrl(run)
      const url = liveUrl(base)
      expect(await refusedStatus(url, { token: canaries.wrongToken })).toBe(401)
      const client = await connectLive(url, { token })
      // The CLI's REST plugin has no server streams: every call ends with a problem, after the metadata was handled.
      const answers = await exercise(client, 'rest')
      await client.close()
      await stopCli(run)
      const printed = run.stdout() + run.stderr()
      expect(printed).toContain('live call opened')
      expectNoCanary(printed, 'the CLI output')
      expectNoCanary(JSON.stringify(answers), 'an answer')
      // The session token appears once: in the banner that hands it to the user.
      expect(printed.split(token!).length - 1).toBe(1)
    } finally {
      await stopCli(run)
    }
  })
})
