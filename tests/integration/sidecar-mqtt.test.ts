/**
 * The MQTT example sidecar (TypeScript on the SDK and mqtt.js, run as a real sidecar process) against Debian's
 * mosquitto — plain, TLS, mTLS (certificates made at test time) and username/password — and against aedes: discovery
 * of the topics seen, publish with QoS, retain and user properties, subscribe with wildcards, retained messages first,
 * and the session channel. An independent mqtt.js client checks what reached the broker.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MTLS_MARKER, TRUST_MARKER, silentLogger } from '@wirebench/core'
import type { ServiceInfo, StreamFrame } from '@wirebench/core'
import { createSidecarPlugin, readManifest } from '@wirebench/sidecar'
import type { SidecarPlugin } from '@wirebench/sidecar'
import { connectAsync } from 'mqtt'
import type { IPublishPacket, MqttClient } from 'mqtt'
import { contractContext } from '../contract/protocol-contract.js'
import { failure } from '../support/workbench-failure.js'
import { startAedes } from '../servers/mqtt/aedes-broker.js'
import { requireMosquitto, startMosquitto } from '../servers/mqtt/mosquitto.js'
import type { Mosquitto } from '../servers/mqtt/mosquitto.js'
import { createTempDirs, repoRoot } from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'

const mqttExampleDir = join(repoRoot, 'examples/sidecars/mqtt')

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** Reads a stream's message frames one at a time, failing on an early end. */
function messageReader(frames: AsyncIterable<StreamFrame>) {
  const iterator = frames[Symbol.asyncIterator]()
  return {
    async next(): Promise<StreamFrame> {
      for (;;) {
        const step = await iterator.next()
        if (step.done) throw new Error('the stream ended')
        if (step.value.type === 'end') throw new Error(`the stream ended: ${JSON.stringify(step.value)}`)
        if (step.value.type === 'message') return step.value
      }
    },
    stop: () => iterator.return?.(undefined),
  }
}

function runMqttSuite(
  name: string,
  setup: () => Promise<{ url: string; close(): Promise<void> }>,
  options: { v5: boolean },
) {
  describe(`MQTT sidecar against ${name}`, () => {
    let dirs: TempDirs
    let plugin: SidecarPlugin
    let broker: { url: string; close(): Promise<void> }
    let peer: MqttClient
    let tmp: string

    beforeAll(async () => {
      broker = await setup()
      dirs = await createTempDirs('wb-mqtt-')
      tmp = await dirs.make('sidecar-tmp')
      const checked = await readManifest(mqttExampleDir)
      if (!checked.ok) throw new Error(JSON.stringify(checked.problems))
      plugin = createSidecarPlugin({
        dir: mqttExampleDir,
        manifest: checked.manifest,
        hostVersion: 'test',
        logger: silentLogger,
        // The sidecar's temp dir is watched: TLS material must never land in a file.
        env: { ...process.env, TMPDIR: tmp, WORKBENCH_MQTT_LISTEN_MS: '400' },
        limits: { pingIntervalMs: 0 },
      })
      peer = await connectAsync(broker.url, { protocolVersion: options.v5 ? 5 : 4, reconnectPeriod: 0 })
    })

    afterAll(async () => {
      await peer?.endAsync()
      await plugin?.dispose?.()
      await broker?.close()
      await dirs?.remove()
    })

    it('discovers the broker: publish, subscribe, session, and the topics seen while listening', async () => {
      await peer.publishAsync('lab/seen/retained', 'kept', { qos: 1, retain: true })
      const services: ServiceInfo[] = await plugin.discover({ kind: 'url', url: broker.url }, contractContext())
      expect(services.map((s) => s.name)).toEqual(['Broker', 'Topics'])
      expect(services[0]?.methods.map((m) => [m.name, m.methodType])).toEqual([
        ['publish', 'Unary'],
        ['subscribe', 'ServerStreaming'],
        ['session', 'Duplex'],
      ])
      expect(services[1]?.methods.map((m) => m.name)).toContain('lab/seen/retained')
      // Not an MQTT URL: nothing is sent anywhere and nothing is listed.
      expect(await plugin.discover({ kind: 'url', url: 'http://127.0.0.1:1/' }, contractContext())).toEqual([])
    })

    it('publishes with QoS 1, retain and user properties; a subscriber sees all of it', async () => {
      const seen = new Promise<IPublishPacket>((resolve) => {
        peer.on('message', (topic, _payload, packet) => {
          if (topic === 'lab/publish') resolve(packet)
        })
      })
      await peer.subscribeAsync('lab/publish', { qos: 1 })
      const message = {
        topic: 'lab/publish',
        payload: { celsius: 21.5 },
        qos: 1,
        retain: true,
        ...(options.v5 ? { userProperties: { unit: 'C' } } : {}),
      }
      const result = await plugin.invoke(
        { target: broker.url, service: 'Broker', method: 'publish', messages: [message] },
        contractContext(),
      )
      expect(result.status).toBe('OK')
      expect(result.response).toMatchObject({
        topic: 'lab/publish',
        qos: 1,
        retain: true,
        messageId: expect.any(Number),
      })
      expect(result.metadata['mqtt-protocol-version']).toBe(options.v5 ? '5' : '3.1.1')
      const packet = await seen
      expect(JSON.parse(packet.payload.toString())).toEqual({ celsius: 21.5 })
      expect(packet.qos).toBe(1)
      if (options.v5) expect(packet.properties?.userProperties).toEqual({ unit: 'C' })
    })

    it('subscribes with wildcards: the retained message first, then only matching topics', async () => {
      await peer.publishAsync('lab/a/temp', '19', { qos: 1, retain: true })
      const reader = messageReader(
        plugin.invokeStream!(
          {
            target: broker.url,
            service: 'Broker',
            method: 'subscribe',
            messages: [{ topicFilter: 'lab/+/temp', qos: 1 }],
          },
          contractContext(),
        ),
      )
      // The retained message arrives once the subscription is active.
      expect(await reader.next()).toMatchObject({
        data: { topic: 'lab/a/temp', payload: '19' },
        meta: { retain: true },
      })
      await peer.publishAsync('lab/b/humidity', '40', { qos: 1 })
      await peer.publishAsync('lab/b/temp', '20', { qos: 1 })
      await peer.publishAsync('lab/c/temp', JSON.stringify({ c: 22 }), { qos: 1 })
      expect(await reader.next()).toMatchObject({
        data: { topic: 'lab/b/temp', payload: '20' },
        meta: { qos: 1, retain: false },
      })
      expect(await reader.next()).toMatchObject({ data: { topic: 'lab/c/temp', payload: { c: 22 } } })
      await reader.stop()
    })

    it('keeps a session channel: subscribe, publish, and receive its own message', async () => {
      const channel = await plugin.openChannel!(
        { target: broker.url, service: 'Broker', method: 'session', messages: [] },
        contractContext(),
      )
      const frames = channel.frames()[Symbol.asyncIterator]()
      const next = async () => {
        for (;;) {
          const step = await frames.next()
          if (step.done) throw new Error('ended')
          if (step.value.type === 'message') return step.value
        }
      }
      expect(await channel.send({ action: 'subscribe', topic: 'chat/#', qos: 1 })).toBe(true)
      expect((await next()).data).toMatchObject({ subscribed: 'chat/#' })
      expect(await channel.send({ action: 'publish', topic: 'chat/room1', payload: 'hello', qos: 1 })).toBe(true)
      const got = [await next(), await next()].map((f) => f.data)
      expect(got).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ published: expect.objectContaining({ topic: 'chat/room1' }) }),
          { topic: 'chat/room1', payload: 'hello' },
        ]),
      )
      await channel.closeSend()
      await channel.dispose()
      expect(await readdir(tmp)).toEqual([])
    })

    it('reports a broker that is not there as unreachable', async () => {
      const error = await failure(plugin.discover({ kind: 'url', url: 'mqtt://127.0.0.1:1' }, contractContext()))
      expect(error.code).toBe('upstream_unreachable')
    })
  })
}

runMqttSuite('aedes', () => startAedes(), { v5: false })

describe.runIf(requireMosquitto())('MQTT sidecar against mosquitto (TLS, mTLS, passwords)', () => {
  let pki: TestPki
  let mosquitto: Mosquitto
  let plugin: SidecarPlugin
  let dirs: TempDirs
  let tmp: string
  const publish = (url: string, metadata: Record<string, string> = {}): Promise<unknown> =>
    plugin.invoke(
      { target: url, service: 'Broker', method: 'publish', messages: [{ topic: 'secure/x', payload: 'p', qos: 1 }] },
      contractContext({ metadata }),
    )

  runMqttSuite(
    'mosquitto (plain)',
    async () => {
      pki ??= await createTestPki()
      mosquitto ??= await startMosquitto(pki)
      return { url: mosquitto.plainUrl, close: () => Promise.resolve() }
    },
    { v5: true },
  )

  beforeAll(async () => {
    pki ??= await createTestPki()
    mosquitto ??= await startMosquitto(pki)
    dirs = await createTempDirs('wb-mqtt-tls-')
    tmp = await dirs.make('sidecar-tmp')
    const checked = await readManifest(mqttExampleDir)
    if (!checked.ok) throw new Error('manifest')
    plugin = createSidecarPlugin({
      dir: mqttExampleDir,
      manifest: checked.manifest,
      hostVersion: 'test',
      logger: silentLogger,
      env: { ...process.env, TMPDIR: tmp },
      limits: { pingIntervalMs: 0 },
    })
  })

  afterAll(async () => {
    await plugin?.dispose?.()
    await mosquitto?.close()
    await dirs?.remove()
  })

  it('publishes over TLS with the environment’s trusted CA, and refuses an untrusted certificate', async () => {
    const trust = { [TRUST_MARKER]: JSON.stringify({ caCertificate: pki.caCertificate }) }
    expect(await publish(mosquitto.tlsUrl, trust)).toMatchObject({ status: 'OK' })
    const refused = await failure(publish(mosquitto.tlsUrl))
    expect(refused.code).toBe('upstream_unreachable')
    expect(refused.message).toMatch(/certificate|self.signed|unable to verify/i)
    const selfSigned = { [TRUST_MARKER]: JSON.stringify({ allowSelfSigned: true }) }
    expect(await publish(mosquitto.tlsUrl, selfSigned)).toMatchObject({ status: 'OK' })
  })

  it('presents the mTLS client certificate from the marker, in memory; without it the broker refuses', async () => {
    const mtls = {
      [MTLS_MARKER]: JSON.stringify({
        certificate: pki.clientCertificate,
        privateKey: pki.clientKey,
        caCertificate: pki.caCertificate,
      }),
    }
    expect(await publish(mosquitto.mtlsUrl, mtls)).toMatchObject({ status: 'OK' })
    const trustOnly = { [TRUST_MARKER]: JSON.stringify({ caCertificate: pki.caCertificate }) }
    const noCertificate = await failure(publish(mosquitto.mtlsUrl, trustOnly))
    expect(noCertificate.code).toBe('upstream_unreachable')
    expect(noCertificate.hint).toMatch(/asks for a client certificate, set mTLS auth \(certificate and key\)/)
    // The PEM material never touched the disk: the sidecar's temp dir stays empty.
    expect(await readdir(tmp)).toEqual([])
  })

  it('logs in with the environment’s Basic auth, and says so (a 502 naming the target, not a 401) when the password is wrong', async () => {
    expect(
      await publish(mosquitto.authUrl, { authorization: basic(mosquitto.user, mosquitto.password) }),
    ).toMatchObject({ status: 'OK' })
    const wrong = await failure(publish(mosquitto.authUrl, { authorization: basic(mosquitto.user, 'nope') }))
    // The broker's refusal is the call's outcome: never the workbench API's own 401, which the page reads as its session.
    expect(wrong.code).toBe('upstream_error')
    expect(wrong.details).toMatchObject({ upstreamStatus: 401 })
    expect(wrong.message).toMatch(/MQTT sidecar's target refused the call: .*refused the credentials/)
    expect((await failure(publish(mosquitto.authUrl))).code).toBe('upstream_error')
  })
})
