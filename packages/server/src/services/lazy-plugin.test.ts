import type { AddressInfo } from 'node:net'
import { WorkbenchError, defaultCallLimits, silentLogger, splitMarkers } from '@wirebench/core'
import type { CallContext, ProtocolManifest, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { webSocketManifest } from '@wirebench/protocol-websocket/manifest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { createDiscoveryService } from './discovery.js'
import { createLazyPlugins, whenLoaded } from './lazy-plugin.js'
import { workbenchOutboundPolicy } from './outbound-policy.js'
import { createPluginRegistry } from './plugin-registry.js'

function context(): CallContext {
  const { headers, markers } = splitMarkers({})
  return {
    signal: new AbortController().signal,
    metadata: headers,
    markers,
    logger: silentLogger,
    limits: { ...defaultCallLimits, timeoutMs: 10_000 },
  }
}

/** The real WebSocket plugin behind a loader that counts its loads. */
function countedWebSocket(): { plugin: ProtocolPlugin; loads: () => number } {
  let loads = 0
  const [plugin] = createLazyPlugins({
    manifests: [webSocketManifest],
    module: '@wirebench/protocol-websocket',
    load: async () => {
      loads += 1
      const { createWebSocketPlugin } = await import('@wirebench/protocol-websocket')
      return [createWebSocketPlugin()]
    },
  })
  return { plugin: plugin!, loads: () => loads }
}

async function firstMessage(frames: AsyncIterable<StreamFrame>): Promise<unknown> {
  for await (const frame of frames) if (frame.type === 'message') return frame.data
  throw new Error('the channel ended without a message')
}

describe('createLazyPlugins', () => {
  // A `ws` echo server: what the WebSocket plugin's calls reach once it is loaded.
  let echo: WebSocketServer
  let url: string

  beforeAll(async () => {
    echo = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    echo.on('connection', (socket) => socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary })))
    await new Promise((resolve) => echo.once('listening', resolve))
    url = `ws://127.0.0.1:${(echo.address() as AddressInfo).port}/echo`
  })

  afterAll(async () => {
    for (const client of echo.clients) client.terminate()
    await new Promise((resolve) => echo.close(resolve))
  })

  it('is listed from its manifest, and schemas, method descriptions, forget and dispose load nothing', async () => {
    const { plugin, loads } = countedWebSocket()
    const registry = createPluginRegistry([plugin])
    expect(registry.summaries()).toEqual([
      {
        id: 'websocket',
        name: 'WebSocket',
        description: webSocketManifest.description,
        settings: [],
        uploadExtensions: [],
        capabilities: { unary: true, serverStreaming: false, channels: true },
        exportFormats: ['wscat', 'websocat', 'wirebench'],
      },
    ])
    expect(plugin.schemaDocument?.(url)).toBeUndefined()
    expect(plugin.describeMethod?.(url, 'service', 'method')).toBeUndefined()
    plugin.forget?.(url)
    await registry.dispose()
    expect(loads()).toBe(0)
  })

  it('loads once for concurrent first calls, then serves discovery and channels from the real plugin', async () => {
    const { plugin, loads } = countedWebSocket()
    const found = await Promise.all([1, 2, 3].map(() => plugin.discover({ kind: 'url', url }, context())))
    expect(loads()).toBe(1)
    expect(found.map((services) => services.length)).toEqual([1, 1, 1])

    const service = found[0]![0]!
    const channel = await plugin.openChannel!(
      { target: url, service: service.name, method: service.methods[0]!.name, messages: [{ text: 'hello' }] },
      context(),
    )
    try {
      expect(await firstMessage(channel.frames())).toBe('hello')
    } finally {
      await channel.dispose()
    }
    expect(loads()).toBe(1)
    await plugin.dispose?.()
  })

  it('fails a call with a WorkbenchError naming the plugin and its package when the stack cannot load, and retries on the next call', async () => {
    let attempts = 0
    const missing = '@wirebench/protocol-not-installed'
    const [plugin] = createLazyPlugins({
      manifests: [webSocketManifest],
      module: missing,
      load: async () => {
        attempts += 1
        return [((await import(missing)) as { plugin: ProtocolPlugin }).plugin]
      },
    })
    for (const expected of [1, 2]) {
      const error = await plugin!.discover({ kind: 'url', url }, context()).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(WorkbenchError)
      expect(error).toMatchObject({
        code: 'internal',
        message: expect.stringContaining(`The WebSocket plugin could not be loaded from ${missing}: `) as unknown,
        hint: 'Reinstall the workbench (npm ci) and restart it; the other protocols keep working.',
      })
      expect(attempts).toBe(expected)
    }
  })

  it('passes the opening of a method on to the loaded plugin, so it can compile the answer schemas ahead', async () => {
    const real = (await import('@wirebench/protocol-websocket')).createWebSocketPlugin()
    const opened: string[] = []
    real.prepareValidation = (_target, service, method) => void opened.push(`${service}.${method}`)
    const [plugin] = createLazyPlugins({
      manifests: [webSocketManifest],
      module: '@wirebench/protocol-websocket',
      load: () => Promise.resolve([real]),
    })
    const validator = { inlineLimitBytes: 0, submit: () => ({ id: 'none', schema: 'none' }) }
    // Before the stack is loaded nothing was discovered, so there is nothing to compile (and nothing loads).
    plugin!.prepareValidation?.(url, 'before', 'load', validator)
    await whenLoaded(plugin!)
    plugin!.prepareValidation?.(url, 'echo', 'open', validator)
    expect(opened).toEqual(['echo.open'])
    await plugin!.dispose?.()
  })

  it('refuses a plugin whose call kinds differ from its manifest', async () => {
    const promisesStreams: ProtocolManifest = {
      ...webSocketManifest,
      capabilities: { serverStreaming: true, channels: true },
    }
    const [plugin] = createLazyPlugins({
      manifests: [promisesStreams],
      module: '@wirebench/protocol-websocket',
      load: async () => [(await import('@wirebench/protocol-websocket')).createWebSocketPlugin()],
    })
    await expect(plugin!.discover({ kind: 'url', url }, context())).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('its manifest offers server streaming') as unknown,
    })
  })

  it('disposes a plugin that was still loading when the server closed', async () => {
    let disposed = 0
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const [plugin] = createLazyPlugins({
      manifests: [webSocketManifest],
      module: '@wirebench/protocol-websocket',
      load: async () => {
        await gate
        const real = (await import('@wirebench/protocol-websocket')).createWebSocketPlugin()
        return [{ ...real, dispose: () => Promise.resolve(void (disposed += 1)) }]
      },
    })
    const discovering = plugin!.discover({ kind: 'url', url }, context())
    const disposing = plugin!.dispose!()
    release()
    await Promise.all([discovering, disposing])
    expect(disposed).toBe(1)
  })

  it("starts a discovery attempt's time box once the stack is loaded: a slow import is not the target's silence", async () => {
    const [plugin] = createLazyPlugins({
      manifests: [webSocketManifest],
      module: '@wirebench/protocol-websocket',
      load: async () => {
        // Longer than the time box below, as importing a stack is on a busy machine.
        await new Promise((resolve) => setTimeout(resolve, 400))
        return [(await import('@wirebench/protocol-websocket')).createWebSocketPlugin()]
      },
    })
    const discovery = createDiscoveryService({
      registry: createPluginRegistry([plugin!]),
      timeoutMs: 15_000,
      outboundPolicy: workbenchOutboundPolicy('standalone'),
      maxResponseBytes: 1_000_000,
    })
    const { attempts, services } = await discovery.discover({ urls: [url], logger: silentLogger, timeoutMs: 200 })
    expect(attempts).toMatchObject([{ pluginId: 'websocket', outcome: 'ok' }])
    expect(services).toHaveLength(1)
  })
})
