import { describe, expect, it } from 'vitest'
import {
  asideKey,
  loadLibrary,
  MAX_SAVED_MESSAGES,
  newSavedMessage,
  parseLibrary,
  savedMessagesKey,
  writeLibrary,
  type KeyValueStorage,
  type SavedMessage,
} from './saved-messages.js'
import { createSavedMessagesStore } from './saved-messages-store.js'

const channel = 'ws://127.0.0.1:9000/chat'

function memory(initial: Record<string, string> = {}): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial))
  return { values, getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) }
}

const hello: SavedMessage = { id: 'a', name: 'Hello', kind: 'text', payload: 'hi', savedAt: 1 }

describe('saved messages library', () => {
  it('keeps each channel under its own versioned key', () => {
    const storage = memory()
    writeLibrary(storage, channel, [hello])
    expect(JSON.parse(storage.values.get(savedMessagesKey(channel)) ?? '')).toEqual({ version: 1, messages: [hello] })
    expect(savedMessagesKey(channel)).toBe('wirebench.savedMessages.v1:ws://127.0.0.1:9000/chat')
    expect(loadLibrary(storage, 'ws://other').messages).toEqual([])
    expect(loadLibrary(storage, channel)).toEqual({ messages: [hello] })
  })

  it('keeps a corrupt entry aside, loads the others, and says where the bad one went', () => {
    const bad = { id: 'b', name: 'Broken', kind: 'video', payload: 'x', savedAt: 2 }
    const storage = memory({ [savedMessagesKey(channel)]: JSON.stringify({ version: 1, messages: [hello, bad] }) })
    const loaded = loadLibrary(storage, channel, 99)
    expect(loaded.messages).toEqual([hello])
    expect(loaded.notice).toContain(asideKey(channel))
    expect(JSON.parse(storage.values.get(asideKey(channel)) ?? '')).toEqual([
      { keptAt: 99, reason: 'not a valid saved message', raw: JSON.stringify(bad) },
    ])
    // The record now holds only what read: the notice is not repeated on the next load.
    expect(loadLibrary(storage, channel)).toEqual({ messages: [hello] })
  })

  it('keeps a record that is not JSON aside whole, appending to what was kept before', () => {
    const storage = memory({
      [savedMessagesKey(channel)]: '{"version":1,"messages":[',
      [asideKey(channel)]: JSON.stringify([{ keptAt: 1, reason: 'not JSON', raw: 'older' }]),
    })
    const loaded = loadLibrary(storage, channel, 5)
    expect(loaded.messages).toEqual([])
    expect(loaded.notice).toMatch(/could not be read/)
    const aside = JSON.parse(storage.values.get(asideKey(channel)) ?? '') as Array<{ raw: string }>
    expect(aside.map((a) => a.raw)).toEqual(['older', '{"version":1,"messages":['])
  })

  it('does not read a record of another version as this one', () => {
    const parsed = parseLibrary(JSON.stringify({ version: 2, messages: [hello] }))
    expect(parsed.messages).toEqual([])
    expect(parsed.unreadable[0]?.reason).toBe('unknown version 2')
  })

  it('refuses a nameless message and a full library with a message saying why', () => {
    expect(newSavedMessage({ name: '  ', kind: 'text', payload: 'x' }, [])).toBe('Give the message a name.')
    const full = Array.from({ length: MAX_SAVED_MESSAGES }, (_, i) => ({ ...hello, id: `m${i}` }))
    expect(newSavedMessage({ name: 'one more', kind: 'text', payload: 'x' }, full)).toMatch(/at most 200/)
  })
})

describe('saved messages store', () => {
  it('saves, renames and deletes, writing through to storage', () => {
    const storage = memory()
    const store = createSavedMessagesStore(channel, storage)
    expect(store.getState().save({ name: 'Ping', kind: 'ping', payload: '' })).toBeUndefined()
    expect(store.getState().save({ name: 'Join', kind: 'json', payload: '{"join":1}' })).toBeUndefined()
    const [ping, join] = store.getState().messages
    expect(store.getState().rename(ping?.id ?? '', 'Heartbeat')).toBeUndefined()
    store.getState().remove(join?.id ?? '')
    const reloaded = createSavedMessagesStore(channel, storage).getState()
    expect(reloaded.messages.map((m) => [m.name, m.kind])).toEqual([['Heartbeat', 'ping']])
  })

  it('shows the notice of a corrupt record until dismissed', () => {
    const storage = memory({ [savedMessagesKey(channel)]: 'garbage' })
    const store = createSavedMessagesStore(channel, storage)
    expect(store.getState().notice).toMatch(/kept aside/)
    store.getState().dismissNotice()
    expect(store.getState().notice).toBeUndefined()
  })
})
