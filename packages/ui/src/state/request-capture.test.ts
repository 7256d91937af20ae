import { describe, expect, it } from 'vitest'
import { readWsDraft, writeWsDraft } from '../protocols/websocket/ws-draft.js'
import { savedMessagesStoreOf } from './saved-messages-store.js'
import { createDraftsStore, newHeaderRow } from './drafts-store.js'
import { createPrefsStore } from './prefs-store.js'
import { captureRequest, requestFingerprint, restoreRequest, withUnheldFields } from './request-capture.js'
import type { RequestAddress } from './request-address.js'

const sources = () => ({ drafts: createDraftsStore(), prefs: createPrefsStore() })

const address = (protocol: string, method = 'call'): RequestAddress => ({
  protocol,
  url: `http://127.0.0.1:1/${protocol}`,
  service: 'Svc',
  method,
})

describe('request capture and restore', () => {
  // What each pane keeps in its draft value, as the panes write it.
  const values: Record<string, Record<string, unknown>> = {
    rest: { bookId: '${bookId}', body: { title: 'T' } },
    grpc: { name: 'world', nested: { id: '7' } },
    graphql: { query: 'query Q($id: ID!) { book(id: $id) { title } }', variables: { id: '${id}' }, operationName: 'Q' },
    sse: { method: 'POST', body: { since: 3 }, lastEventId: '41', reconnect: true },
    signalr: { target: 'SendMessage', arguments: ['${user}', 'hi'], transport: 'LongPolling', protocol: 'messagepack' },
    mcp: { city: 'Paris', units: '${units}' },
    websocket: { query: { room: 'a' } },
    'toy-sidecar': { topic: 'x' },
  }

  for (const [protocol, value] of Object.entries(values)) {
    it(`round-trips a ${protocol} request (message, headers, \${var} kept as typed)`, () => {
      const from = sources()
      from.drafts.getState().setValue('k', value)
      from.drafts.getState().setHeaders('k', [newHeaderRow('x-token', '${token}'), newHeaderRow('x-off', 'no')])
      // A disabled header row is not part of the request.
      from.drafts
        .getState()
        .setHeaders('k', [
          ...(from.drafts.getState().drafts.k?.headers ?? []).map((h) =>
            h.name === 'x-off' ? { ...h, isEnabled: false } : h,
          ),
        ])
      const saved = captureRequest(from, 'k', address(protocol), 'my request')
      expect(saved).toMatchObject({ version: 1, name: 'my request', protocol, service: 'Svc', method: 'call' })
      expect(saved.messages).toEqual([value])
      expect(saved.metadata).toEqual({ 'x-token': '${token}' })

      const to = sources()
      restoreRequest(to, 'other', saved)
      expect(to.drafts.getState().drafts.other?.value).toEqual(value)
      expect(captureRequest(to, 'other', address(protocol), 'my request')).toEqual(saved)
    })
  }

  it('keeps the WebSocket composer and the server URL as options, and restores them', () => {
    const from = sources()
    from.drafts.getState().setValue('ws', {})
    writeWsDraft('ws', { kind: 'json', payload: '{"say":"${word}"}', closeCode: '4000', closeReason: 'bye' })
    from.prefs.getState().setServerUrl(address('websocket').url, 'ws://127.0.0.1:2/chat')
    const saved = captureRequest(from, 'ws', address('websocket'), 'chat')
    expect(saved.options).toEqual({
      composer: { kind: 'json', payload: '{"say":"${word}"}', closeCode: '4000', closeReason: 'bye' },
      serverUrl: 'ws://127.0.0.1:2/chat',
    })
    const to = sources()
    restoreRequest(to, 'ws-restored', saved)
    expect(readWsDraft('ws-restored')).toEqual({
      kind: 'json',
      payload: '{"say":"${word}"}',
      closeCode: '4000',
      closeReason: 'bye',
    })
    expect(to.prefs.getState().serverUrls[address('websocket').url]).toBe('ws://127.0.0.1:2/chat')
  })

  it("saves the WebSocket composer's message as the first message and its channel's library in the composer option", () => {
    const chat = { ...address('websocket'), url: 'ws://127.0.0.1:3/chat' }
    const library = savedMessagesStoreOf(chat.url)
    expect(library.getState().save({ name: 'greet', kind: 'json', payload: '{"hi":1}' })).toBeUndefined()
    const from = sources()
    from.drafts.getState().setValue('chat', {})
    writeWsDraft('chat', { kind: 'text', payload: '/help' })
    const saved = captureRequest(from, 'chat', chat, 'chat')
    expect(saved.messages).toEqual([{ text: '/help' }])
    expect(saved.options?.composer).toEqual({
      kind: 'text',
      payload: '/help',
      closeCode: '1000',
      closeReason: '',
      library: [{ name: 'greet', kind: 'json', payload: '{"hi":1}' }],
    })
    // Another browser: the library of the channel is empty until the saved request is opened.
    library.getState().remove(library.getState().messages[0]!.id)
    const to = sources()
    restoreRequest(to, 'chat-restored', saved)
    expect(readWsDraft('chat-restored')).toMatchObject({ kind: 'text', payload: '/help' })
    expect(to.drafts.getState().drafts['chat-restored']?.value).toEqual({})
    expect(library.getState().messages.map(({ name, kind, payload }) => ({ name, kind, payload }))).toEqual([
      { name: 'greet', kind: 'json', payload: '{"hi":1}' },
    ])
    // A file the CLI wrote carries the frame only: the composer shows it.
    const { options: _options, ...cliWritten } = saved
    restoreRequest(to, 'chat-cli', cliWritten)
    expect(readWsDraft('chat-cli')).toMatchObject({ kind: 'text', payload: '/help' })
  })

  it('restores an empty message when the saved one is not an object, and drops the old headers', () => {
    const to = sources()
    to.drafts.getState().setHeaders('k', [newHeaderRow('x-old', '1')])
    restoreRequest(to, 'k', { ...captureRequest(sources(), 'k', address('rest'), 'n'), messages: ['text'] })
    expect(to.drafts.getState().drafts.k?.value).toEqual({})
    expect(to.drafts.getState().drafts.k?.headers).toEqual([])
  })

  it('tells unsaved changes by content, not by name or key order', () => {
    const a = sources()
    a.drafts.getState().setValue('k', { a: 1, b: 2 })
    const b = sources()
    b.drafts.getState().setValue('k', { b: 2, a: 1 })
    const first = requestFingerprint(captureRequest(a, 'k', address('rest'), 'one'))
    expect(requestFingerprint(captureRequest(b, 'k', address('rest'), 'two'))).toBe(first)
    b.drafts.getState().setValue('k', { b: 3, a: 1 })
    expect(requestFingerprint(captureRequest(b, 'k', address('rest'), 'one'))).not.toBe(first)
  })

  it("does not show one saved request's server URL in another of the same origin, nor save it there", () => {
    const ui = sources()
    const base = { version: 1 as const, protocol: 'rest', url: address('rest').url, service: 'Svc', method: 'call' }
    restoreRequest(ui, 'a', { ...base, name: 'a', messages: [{}], options: { serverUrl: 'http://127.0.0.1:7/v2' } })
    expect(captureRequest(ui, 'a', address('rest'), 'a').options).toEqual({ serverUrl: 'http://127.0.0.1:7/v2' })
    restoreRequest(ui, 'b', { ...base, name: 'b', messages: [{}] })
    expect(ui.prefs.getState().serverUrls[base.url]).toBeUndefined()
    expect(captureRequest(ui, 'b', address('rest'), 'b').options).toBeUndefined()
  })

  it('keeps the notes, auth and options the pane does not hold when a save replaces the file', () => {
    const ui = sources()
    const file = {
      version: 1 as const,
      name: 'get',
      protocol: 'rest',
      url: address('rest').url,
      service: 'Svc',
      method: 'call',
      messages: [{ id: '1' }],
      notes: 'Returns 404 for unknown ids.',
      auth: { mode: 'none' as const },
      options: { timeoutMs: 2500, overflow: 'pause' as const, serverUrl: 'http://127.0.0.1:7/v2' },
    }
    restoreRequest(ui, 'k', file)
    ui.drafts.getState().setValue('k', { id: '2' })
    // The user cleared the server choice in the pane: that one follows the pane.
    ui.prefs.getState().setServerUrl(file.url, '')
    const saved = withUnheldFields(captureRequest(ui, 'k', address('rest'), 'get'), file)
    expect(saved).toEqual({
      ...file,
      messages: [{ id: '2' }],
      options: { timeoutMs: 2500, overflow: 'pause' },
    })
    // Options set outside the pane do not make a freshly opened tab look edited.
    restoreRequest(ui, 'fresh', file)
    expect(requestFingerprint(captureRequest(ui, 'fresh', address('rest'), 'get'))).toBe(requestFingerprint(file))
  })
})
