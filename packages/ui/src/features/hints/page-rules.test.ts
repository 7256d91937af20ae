import type { DiscoveryAttempt } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { reflectionHints, silentStreamHint, silentStreamMs, unknownVariablesHint } from './page-rules.js'

describe('unknown variables', () => {
  it('names the variables and offers to define the first', () => {
    expect(unknownVariablesHint('tab', [])).toBeUndefined()
    expect(unknownVariablesHint('tab', ['token'])).toMatchObject({
      id: 'unknown-variables:tab',
      title: 'Unknown variable ${token}',
      actionLabel: 'Define ${token}',
      action: { kind: 'define-variable', name: 'token' },
    })
    expect(unknownVariablesHint('tab', ['a', 'b'])).toMatchObject({
      title: '2 unknown variables',
      action: { kind: 'define-variable', name: 'a', others: ['b'] },
    })
  })
})

describe('gRPC without reflection', () => {
  const attempt = (over: Partial<DiscoveryAttempt>): DiscoveryAttempt => ({
    url: 'http://127.0.0.1:50051',
    pluginId: 'grpc',
    outcome: 'empty',
    servicesFound: 0,
    durationMs: 3,
    message: 'No services discovered at http://127.0.0.1:50051: the server does not offer reflection.',
    hint: 'Enable server reflection on the server, or upload its .proto files on the Schema Files tab.',
    ...over,
  })

  it('gives one page-wide hint per URL whose gRPC server offers no reflection', () => {
    const hints = reflectionHints([attempt({}), attempt({ pluginId: 'connect' })])
    expect(hints).toHaveLength(1)
    expect(hints[0]).toMatchObject({
      id: 'grpc-no-reflection:http://127.0.0.1:50051',
      action: { kind: 'open-schema-files' },
    })
    expect(hints[0]?.targetKey).toBeUndefined()
  })

  it('stays quiet for servers that are not gRPC, other plugins and successful discovery', () => {
    expect(
      reflectionHints([attempt({ message: 'No services discovered at x: it does not answer gRPC.', hint: undefined })]),
    ).toEqual([])
    expect(
      reflectionHints([attempt({ message: 'No services discovered at x: reflection lists no services.' })]),
    ).toEqual([])
    expect(reflectionHints([attempt({ pluginId: 'rest' })])).toEqual([])
    expect(reflectionHints([attempt({ outcome: 'ok' })])).toEqual([])
  })

  it('stays quiet for a URL another plugin found services at (an HTTP/1.1 404 reads as Unimplemented)', () => {
    const mcp = { url: 'http://127.0.0.1:4000/mcp' }
    const hints = reflectionHints([
      attempt({ ...mcp, pluginId: 'connect' }),
      attempt({ ...mcp, pluginId: 'mcp', outcome: 'ok', servicesFound: 3, message: undefined, hint: undefined }),
    ])
    expect(hints).toEqual([])
  })
})

describe('silent event stream', () => {
  const call = { targetKey: 'sse-tab', status: 'open' as const, received: 0, startedAt: 1_000 }

  it('speaks up once an open stream has had no event for the whole wait', () => {
    expect(silentStreamHint(call, 1_000 + silentStreamMs - 1)).toBeUndefined()
    expect(silentStreamHint(call, 1_000 + silentStreamMs)).toMatchObject({
      id: 'silent-event-stream:sse-tab',
      title: 'No event in 10 s',
      action: { kind: 'open-console' },
    })
  })

  it('stays quiet once an event came or the stream ended', () => {
    expect(silentStreamHint({ ...call, received: 1 }, 60_000)).toBeUndefined()
    expect(silentStreamHint({ ...call, status: 'closed' }, 60_000)).toBeUndefined()
  })
})
