import { describe, expect, it } from 'vitest'
import { WorkbenchError, defaultCallLimits, silentLogger } from '@wirebench/core'
import type { CallContext, CallMarkers } from '@wirebench/core'
import { serviceName } from './describe.js'
import { buildUpgradeRequest, listedProtocols, webSocketUrl } from './handshake.js'
import type { ResolvedOptions } from './types.js'

const options: ResolvedOptions = {
  maxPayloadBytes: 16 * 1024 * 1024,
  maxQueuedFrames: 1024,
  maxQueuedBytes: 16 * 1024 * 1024,
  maxBufferedSendBytes: 1024 * 1024,
  closeTimeoutMs: 1000,
  handshakeTimeoutMs: 30_000,
  lookup: () => undefined,
}

function ctx(metadata: Record<string, string> = {}, markers: CallMarkers = {}): CallContext {
  return { signal: new AbortController().signal, metadata, markers, logger: silentLogger, limits: defaultCallLimits }
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return error instanceof WorkbenchError ? error.code : 'not a WorkbenchError'
  }
  return undefined
}

describe('upgrade requests', () => {
  it('answers no_services for addresses that are not ws:// or wss://', () => {
    expect(codeOf(() => webSocketUrl('http://127.0.0.1/x'))).toBe('no_services')
    expect(codeOf(() => webSocketUrl('not a url'))).toBe('no_services')
    expect(webSocketUrl('wss://example.com/chat').host).toBe('example.com')
  })

  it('names the service after the last path segment, else the host', () => {
    expect(serviceName(new URL('ws://127.0.0.1:9000/api/chat'))).toBe('chat')
    expect(serviceName(new URL('ws://127.0.0.1:9000/api/chat/'))).toBe('chat')
    expect(serviceName(new URL('ws://127.0.0.1:9000'))).toBe('127.0.0.1:9000')
  })

  it('takes subprotocols from Sec-WebSocket-Protocol and keeps handshake headers out of the metadata', () => {
    const request = buildUpgradeRequest(
      'ws://127.0.0.1:9000/chat',
      ctx({ 'sec-websocket-protocol': 'chat.v2, chat.v1', Connection: 'close', Authorization: 'Bearer t' }),
      options,
    )
    expect(request.protocols).toEqual(['chat.v2', 'chat.v1'])
    expect(request.clientOptions.headers).toEqual({ Authorization: 'Bearer t' })
    expect(listedProtocols(' a,,b ')).toEqual(['a', 'b'])
  })

  it('appends the API key to the wire URL only', () => {
    const request = buildUpgradeRequest(
      'ws://127.0.0.1:9000/chat?room=1',
      ctx({}, { apiKeyQuery: [{ name: 'key', value: 's e' }] }),
      options,
    )
    expect(request.wireUrl).toBe('ws://127.0.0.1:9000/chat?room=1&key=s%20e')
    expect(request.displayUrl).not.toContain('key=')
  })

  it('drops a #fragment from the address (it is never sent)', () => {
    expect(webSocketUrl('ws://127.0.0.1:9000/chat?room=1#top').href).toBe('ws://127.0.0.1:9000/chat?room=1')
    expect(buildUpgradeRequest('ws://127.0.0.1:9000/chat#top', ctx(), options).wireUrl).toBe('ws://127.0.0.1:9000/chat')
  })

  it('keeps user name and password on the wire URL but out of the display URL', () => {
    const request = buildUpgradeRequest('ws://alice:hunter2@127.0.0.1:9000/chat', ctx(), options)
    expect(request.wireUrl).toBe('ws://alice:hunter2@127.0.0.1:9000/chat')
    expect(request.displayUrl).toBe('ws://127.0.0.1:9000/chat')
  })

  it('refuses a cookie jar as unsupported and cloud-metadata targets as blocked', () => {
    expect(codeOf(() => buildUpgradeRequest('ws://127.0.0.1/x', ctx({}, { cookieEnv: 'e' }), options))).toBe(
      'unsupported',
    )
    expect(codeOf(() => buildUpgradeRequest('ws://169.254.169.254/x', ctx(), options))).toBe('blocked_target')
  })
})
