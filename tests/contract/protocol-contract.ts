/**
 * The shared protocol contract (DESIGN.md §4): every ProtocolPlugin runs it against its real test server. It checks
 * the discovery shape, each call kind the plugin claims, cancellation, deadlines, error mapping, metadata and marker
 * handling and close semantics. Items a plugin cannot take part in are skipped with the reason in the test name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError, defaultCallLimits, fieldTypes, silentLogger, splitMarkers, statusNames } from '@wirebench/core'
import type {
  Call,
  CallContext,
  DiscoveryTarget,
  FieldInfo,
  InvokeResult,
  MessageInfo,
  ProtocolPlugin,
  ServiceInfo,
  StatusName,
  StreamFrame,
} from '@wirebench/core'
import { failure } from '../support/workbench-failure.js'

export type ContractCall = Omit<Call, 'target'>

export interface ContractFixture {
  /** Where discovery looks. */
  discovery: DiscoveryTarget
  /** `Call.target` for invocations (the discovery URL or file name). */
  callTarget: string
  /** A unary call that succeeds. */
  unary: ContractCall
  /** A unary call the server keeps open for at least 2 s (cancellation, deadline). */
  slow: ContractCall
  /** A call the service answers with an error, and the status name it must map to (a result, not a throw). */
  failing?: { call: ContractCall; status: StatusName }
  /** A call whose result shows the request headers the server received (lower-case names). */
  headerEcho?: {
    call: ContractCall
    headersOf(result: InvokeResult): Record<string, unknown>
    urlOf?(result: InvokeResult): string
  }
  /** A server-streaming call the service answers with `count` messages and then a normal end (claimed kinds only). */
  serverStream?: { call: ContractCall; count: number }
  /** A client-streaming call: `messages` are sent on a channel, then the sending side closes; one reply or more follow. */
  clientStream?: { call: ContractCall; messages: unknown[] }
  /** A duplex call that answers every message it receives; `message(i)` builds the i-th message. */
  duplex?: { call: ContractCall; message: (i: number) => unknown }
  /** Discovery target where nothing listens. */
  unreachable: DiscoveryTarget
  /** Open connections the server holds (close semantics); omit when the server cannot tell. */
  openConnections?(): Promise<number>
  close(): Promise<void>
}

export interface ProtocolContractOptions {
  /** Names the suite (`rest`, `grpc`…). */
  name: string
  /** The call kinds beyond unary the plugin implements; the suite checks the claim against the plugin. */
  claims: { serverStreaming: boolean; channels: boolean }
  /**
   * The plugin lists no services anywhere (plain HTTP: any URL answers HTTP, so it would claim every one). Discovery
   * must then refuse every target with `no_services` and send nothing; the shape checks are skipped.
   */
  neverDiscovers?: boolean
  createPlugin(): ProtocolPlugin
  startFixture(): Promise<ContractFixture>
}

const knownStatuses: ReadonlySet<string> = new Set(statusNames)
const knownFieldTypes: ReadonlySet<string> = new Set(fieldTypes)
const methodTypes = {
  Unary: [false, false],
  ServerStreaming: [false, true],
  ClientStreaming: [true, false],
  Duplex: [true, true],
}

export function contractContext(
  options: { metadata?: Record<string, string>; signal?: AbortSignal; deadline?: number } = {},
): CallContext {
  const { headers, markers } = splitMarkers(options.metadata)
  const ctx: CallContext = {
    signal: contractSignal(options.signal, options.deadline),
    metadata: headers,
    markers,
    logger: silentLogger,
    limits: { ...defaultCallLimits, timeoutMs: 10_000 },
  }
  if (options.deadline !== undefined) ctx.deadline = options.deadline
  return ctx
}

/** The CallContext promise: the signal fires at the deadline with a `timeout` WorkbenchError, as the server does. */
function contractSignal(signal: AbortSignal | undefined, deadline: number | undefined): AbortSignal {
  if (deadline === undefined) return signal ?? new AbortController().signal
  const atDeadline = new AbortController()
  const ms = Math.max(0, deadline - Date.now())
  setTimeout(() => atDeadline.abort(new WorkbenchError('timeout', `No answer within ${ms} ms.`)), ms).unref()
  return signal ? AbortSignal.any([signal, atDeadline.signal]) : atDeadline.signal
}

function checkMessage(message: MessageInfo, seen = new Set<MessageInfo>()): void {
  expect(typeof message.name).toBe('string')
  expect(typeof message.fullName).toBe('string')
  if (seen.has(message)) return
  seen.add(message)
  const numbers = new Set<number>()
  for (const field of message.fields) {
    checkField(field)
    expect(numbers.has(field.number), `duplicate field number ${field.number} in ${message.name}`).toBe(false)
    numbers.add(field.number)
    if (field.messageType) checkMessage(field.messageType, seen)
  }
}

function checkField(field: FieldInfo): void {
  expect(field.name.length).toBeGreaterThan(0)
  expect(Number.isInteger(field.number)).toBe(true)
  expect(knownFieldTypes.has(field.type), `field type ${field.type}`).toBe(true)
  expect(['optional', 'required', 'repeated']).toContain(field.label)
  expect(field.label === 'repeated').toBe(field.isRepeated)
  expect(typeof field.isMap).toBe('boolean')
  expect(typeof field.required).toBe('boolean')
  expect(typeof field.isBinary).toBe('boolean')
  if (field.type === 'message' && !field.isMap) expect(field.messageType).toBeDefined()
  if (field.type === 'enum') expect(field.enumValues?.length).toBeGreaterThan(0)
}

function checkService(service: ServiceInfo, pluginId: string): void {
  expect(service.name.length).toBeGreaterThan(0)
  expect(typeof service.package).toBe('string')
  expect(typeof service.source).toBe('string')
  expect(typeof service.isUploaded).toBe('boolean')
  expect(service.protocol).toBe(pluginId)
  expect(service.methods.length).toBeGreaterThan(0)
  const names = new Set<string>()
  for (const method of service.methods) {
    expect(names.has(method.name), `duplicate method ${method.name}`).toBe(false)
    names.add(method.name)
    expect(method.fullName.length).toBeGreaterThan(0)
    expect([method.clientStreaming, method.serverStreaming]).toEqual(methodTypes[method.methodType])
    expect(typeof method.deprecated).toBe('boolean')
    checkMessage(method.inputType)
    checkMessage(method.outputType)
  }
}

const frameTypes = ['headers', 'message', 'trailers', 'end']

async function collectFrames(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

export function runProtocolContract(options: ProtocolContractOptions): void {
  describe(`protocol contract: ${options.name}`, () => {
    let fixture: ContractFixture
    let plugin: ProtocolPlugin
    let services: ServiceInfo[]
    const call = (c: ContractCall, ctx = contractContext()) => plugin.invoke({ ...c, target: fixture.callTarget }, ctx)

    beforeAll(async () => {
      fixture = await options.startFixture()
      plugin = options.createPlugin()
      services = options.neverDiscovers ? [] : await plugin.discover(fixture.discovery, contractContext())
    })

    afterAll(async () => {
      await plugin?.dispose?.()
      await fixture?.close()
    })

    it('identifies itself with an id, a name and lower-case upload extensions', () => {
      expect(plugin.id).toMatch(/^[a-z][a-z0-9-]*$/)
      expect(plugin.name.length).toBeGreaterThan(0)
      for (const ext of plugin.uploadExtensions ?? []) expect(ext).toMatch(/^\.[a-z0-9]+$/)
    })

    it.runIf(options.neverDiscovers)('refuses every discovery target with no_services, sending nothing', async () => {
      const before = await fixture.openConnections?.()
      for (const target of [fixture.discovery, fixture.unreachable]) {
        const error = await failure(plugin.discover(target, contractContext()))
        expect(error.code).toBe('no_services')
      }
      if (before !== undefined) expect(await fixture.openConnections?.()).toBe(before)
    })

    it.skipIf(options.neverDiscovers)(
      `discovers services in the wire-model shape, serialisable as JSON without nulls${options.neverDiscovers ? ' (skipped: the plugin never discovers)' : ''}`,
      () => {
        expect(services.length).toBeGreaterThan(0)
        for (const service of services) checkService(service, plugin.id)
        const json = JSON.stringify(services)
        expect(json).not.toContain(':null')
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(services)))
      },
    )

    it('answers a unary call with a status name, a duration and string metadata', async () => {
      const result = await call(fixture.unary)
      expect(result.status).toBe('OK')
      expect(knownStatuses.has(result.status)).toBe(true)
      expect(result.durationMs).toBeGreaterThanOrEqual(0)
      for (const value of Object.values(result.metadata)) expect(typeof value).toBe('string')
    })

    it('maps an error the service returns to a status in the result rather than a throw', async (ctx) => {
      if (!fixture.failing) return ctx.skip()
      const result = await call(fixture.failing.call)
      expect(result.status).toBe(fixture.failing.status)
    })

    it('sends metadata as headers and never puts transport markers on the wire', async (ctx) => {
      if (!fixture.headerEcho) return ctx.skip()
      const metadata = {
        'x-contract': 'yes',
        __workbenchApiKeyQuery__: JSON.stringify({ name: 'contract_key', value: 'k-123' }),
      }
      const result = await call(fixture.headerEcho.call, contractContext({ metadata }))
      const headers = fixture.headerEcho.headersOf(result)
      expect(headers['x-contract']).toBe('yes')
      const wire = JSON.stringify(headers).toLowerCase()
      expect(wire).not.toContain('__workbench')
      expect(wire).not.toContain('k-123')
      const url = fixture.headerEcho.urlOf?.(result)
      if (url !== undefined) expect(url).toContain('contract_key=k-123')
    })

    it('honours a transport marker or refuses it as unsupported, never dropping or leaking it', async (ctx) => {
      if (!fixture.headerEcho) return ctx.skip()
      const metadata = { 'x-contract': 'yes', __workbenchCookieEnv__: 'env-secret-id' }
      const outcome = await call(fixture.headerEcho.call, contractContext({ metadata })).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: WorkbenchError.from(error) }),
      )
      if ('error' in outcome) {
        expect(outcome.error.code).toBe('unsupported')
        return
      }
      expect(JSON.stringify(fixture.headerEcho.headersOf(outcome.result)).toLowerCase()).not.toContain('env-secret-id')
    })

    it('stops a call when its AbortSignal fires, reporting cancelled', async () => {
      const controller = new AbortController()
      const started = Date.now()
      setTimeout(() => controller.abort(), 150)
      const error = await failure(call(fixture.slow, contractContext({ signal: controller.signal })))
      expect(error.code).toBe('cancelled')
      expect(Date.now() - started).toBeLessThan(1_500)
    })

    it('refuses at once a call whose signal is already aborted', async () => {
      const error = await failure(call(fixture.slow, contractContext({ signal: AbortSignal.abort() })))
      expect(error.code).toBe('cancelled')
    })

    it('ends a call at its deadline, reporting timeout', async () => {
      const started = Date.now()
      const error = await failure(call(fixture.slow, contractContext({ deadline: Date.now() + 250 })))
      expect(error.code).toBe('timeout')
      expect(Date.now() - started).toBeLessThan(1_500)
    })

    it.skipIf(options.neverDiscovers)(
      `reports an unreachable target as upstream_unreachable${options.neverDiscovers ? ' (skipped: the plugin never discovers)' : ''}`,
      async () => {
        const error = await failure(plugin.discover(fixture.unreachable, contractContext()))
        expect(error.code).toBe('upstream_unreachable')
      },
    )

    it('refuses an unknown method with a WorkbenchError', async () => {
      const error = await failure(call({ ...fixture.unary, method: 'noSuchMethod_contract' }))
      expect(['not_found', 'invalid_request']).toContain(error.code)
    })

    it('implements exactly the call kinds it claims', () => {
      expect(typeof plugin.invokeStream === 'function').toBe(options.claims.serverStreaming)
      expect(typeof plugin.openChannel === 'function').toBe(options.claims.channels)
    })

    const skipReason = (claimed: boolean, what: string): string =>
      claimed ? '' : ` (skipped: ${options.name} claims no ${what})`

    it.skipIf(!options.claims.serverStreaming)(
      `server streaming: messages in order, then exactly one end frame, last${skipReason(options.claims.serverStreaming, 'server streaming')}`,
      async () => {
        expect(
          fixture.serverStream,
          'a plugin that claims server streaming provides fixture.serverStream',
        ).toBeDefined()
        const { call: streamCall, count } = fixture.serverStream!
        const frames = await collectFrames(
          plugin.invokeStream!({ ...streamCall, target: fixture.callTarget }, contractContext()),
        )
        for (const frame of frames) expect(frameTypes).toContain(frame.type)
        expect(frames.filter((f) => f.type === 'message')).toHaveLength(count)
        expect(frames.filter((f) => f.type === 'end')).toHaveLength(1)
        expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
        // Headers, when a protocol has them, come before the first message; trailers after the last.
        const firstMessage = frames.findIndex((f) => f.type === 'message')
        const lastMessage = frames.findLastIndex((f) => f.type === 'message')
        const headers = frames.findIndex((f) => f.type === 'headers')
        const trailers = frames.findIndex((f) => f.type === 'trailers')
        if (headers >= 0) expect(headers).toBeLessThan(firstMessage)
        if (trailers >= 0) expect(trailers).toBeGreaterThan(lastMessage)
        expect(JSON.parse(JSON.stringify(frames))).toEqual(frames)
      },
    )

    it.skipIf(!options.claims.serverStreaming)(
      `server streaming: a consumer that stops early ends the stream, and an aborted signal refuses it${skipReason(options.claims.serverStreaming, 'server streaming')}`,
      async () => {
        const { call: streamCall } = fixture.serverStream!
        const iterator = plugin.invokeStream!({ ...streamCall, target: fixture.callTarget }, contractContext())[
          Symbol.asyncIterator
        ]()
        await iterator.next()
        await iterator.return?.(undefined)
        expect((await iterator.next()).done).toBe(true)
        const aborted = plugin.invokeStream!(
          { ...streamCall, target: fixture.callTarget },
          contractContext({ signal: AbortSignal.abort() }),
        )
        const error = await failure(collectFrames(aborted))
        expect(error.code).toBe('cancelled')
      },
    )

    it.skipIf(!options.claims.channels)(
      `duplex channel: each message is answered while the channel is open; closeSend ends it with one end frame${skipReason(options.claims.channels, 'channels')}`,
      async () => {
        expect(fixture.duplex, 'a plugin that claims channels provides fixture.duplex').toBeDefined()
        const { call: duplexCall, message } = fixture.duplex!
        const channel = await plugin.openChannel!(
          { ...duplexCall, messages: [], target: fixture.callTarget },
          contractContext(),
        )
        expect(typeof channel.id).toBe('string')
        expect(channel.serverStreaming).toBe(true)
        const frames = channel.frames()[Symbol.asyncIterator]()
        const nextMessage = async (): Promise<StreamFrame> => {
          for (;;) {
            const next = await frames.next()
            if (next.done === true) throw new Error('the channel ended before answering')
            const frame: StreamFrame = next.value
            if (frame.type === 'message') return frame
            expect(frame.type).not.toBe('end')
          }
        }
        expect(await channel.send(message(0))).toBe(true)
        await nextMessage()
        expect(await channel.send(message(1))).toBe(true)
        await nextMessage()
        await channel.closeSend()
        expect(await channel.send(message(2))).toBe(false)
        const rest: StreamFrame[] = []
        for (let next = await frames.next(); !next.done; next = await frames.next()) rest.push(next.value)
        expect(rest.filter((f) => f.type === 'end')).toHaveLength(1)
        expect(rest.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
        await channel.dispose()
        await channel.dispose()
      },
    )

    it.skipIf(!options.claims.channels)(
      `client-streaming channel: messages, closeSend, then the reply and one end frame${skipReason(options.claims.channels, 'channels')}`,
      async (ctx) => {
        if (!fixture.clientStream) return ctx.skip()
        const { call: streamCall, messages } = fixture.clientStream
        const channel = await plugin.openChannel!(
          { ...streamCall, messages: [], target: fixture.callTarget },
          contractContext(),
        )
        for (const m of messages) expect(await channel.send(m)).toBe(true)
        await channel.closeSend()
        const frames = await collectFrames(channel.frames())
        expect(frames.filter((f) => f.type === 'message').length).toBeGreaterThan(0)
        expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
        await channel.dispose()
      },
    )

    it.skipIf(!options.claims.channels)(
      `channel: dispose cancels an open channel and later sends are refused${skipReason(options.claims.channels, 'channels')}`,
      async () => {
        const { call: duplexCall, message } = fixture.duplex!
        const channel = await plugin.openChannel!(
          { ...duplexCall, messages: [], target: fixture.callTarget },
          contractContext(),
        )
        expect(await channel.send(message(0))).toBe(true)
        await channel.dispose()
        expect(await channel.send(message(1))).toBe(false)
      },
    )

    it('releases its connections on dispose, and dispose can be called twice', async (ctx) => {
      if (!fixture.openConnections) return ctx.skip()
      await call(fixture.unary)
      expect(await fixture.openConnections()).toBeGreaterThan(0)
      await plugin.dispose?.()
      await plugin.dispose?.()
      const deadline = Date.now() + 2_000
      while ((await fixture.openConnections()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(await fixture.openConnections()).toBe(0)
    })
  })
}
