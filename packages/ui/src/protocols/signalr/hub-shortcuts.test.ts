import { describe, expect, it } from 'vitest'
import {
  MAX_SHORTCUTS,
  readShortcuts,
  rememberShortcut,
  shortcutOf,
  shortcutsFor,
  withShortcut,
} from './hub-shortcuts.js'

function memory() {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    values,
  }
}

describe('hub shortcuts', () => {
  it('remembers each target once per hub, the last one used first, with its last arguments', () => {
    const storage = memory()
    rememberShortcut('http://a/hubs/chat', { target: 'SendMessage', arguments: ['ada', 'hi'] }, storage)
    rememberShortcut('http://a/hubs/chat', { target: 'Echo', arguments: [1] }, storage)
    rememberShortcut('http://a/hubs/chat', { target: 'sendmessage', arguments: ['bob', 'yo'] }, storage)
    expect(readShortcuts('http://a/hubs/chat', storage)).toEqual([
      { target: 'sendmessage', arguments: ['bob', 'yo'] },
      { target: 'Echo', arguments: [1] },
    ])
    expect(readShortcuts('http://b/hubs/chat', storage)).toEqual([])
  })

  it('keeps at most MAX_SHORTCUTS and sets an unreadable record aside', () => {
    const storage = memory()
    for (let i = 0; i < MAX_SHORTCUTS + 5; i++) rememberShortcut('h', { target: `M${i}`, arguments: [] }, storage)
    expect(readShortcuts('h', storage)).toHaveLength(MAX_SHORTCUTS)
    storage.setItem('wirebench.signalrMethods.v1:x', '{not json')
    expect(readShortcuts('x', storage)).toEqual([])
    expect(storage.values.get('wirebench.signalrMethods.v1:x.unreadable')).toBe('{not json')
  })

  it('reads the invocation of a draft only when it names a target', () => {
    expect(shortcutOf({ target: ' Echo ', arguments: [1] })).toEqual({ target: 'Echo', arguments: [1], kind: 'invoke' })
    expect(shortcutOf({ target: 'Echo' })).toEqual({ target: 'Echo', arguments: [], kind: 'invoke' })
    expect(shortcutOf({ target: '' })).toBeUndefined()
    expect(shortcutOf({ target: 'Echo', arguments: 'x' })).toBeUndefined()
  })

  it('keeps the kind of hub method: a stream pane offers streams only, a connection both, and sets its type', () => {
    const storage = memory()
    rememberShortcut('h', shortcutOf({ target: 'Echo', arguments: [1] }, 'invoke')!, storage)
    rememberShortcut('h', shortcutOf({ target: 'Counter', arguments: [3] }, 'stream')!, storage)
    rememberShortcut('h', shortcutOf({ target: 'Sum', arguments: [] }, 'upload')!, storage)
    rememberShortcut('h', shortcutOf({ target: 'Ticks', type: 'stream' }, 'connection')!, storage)
    const stored = readShortcuts('h', storage)
    expect(shortcutsFor(stored, 'stream').map((s) => s.target)).toEqual(['Ticks', 'Counter'])
    expect(shortcutsFor(stored, 'invoke').map((s) => s.target)).toEqual(['Echo'])
    expect(shortcutsFor(stored, 'send').map((s) => s.target)).toEqual(['Echo'])
    expect(shortcutsFor(stored, 'upload').map((s) => s.target)).toEqual(['Sum'])
    expect(shortcutsFor(stored, 'connection').map((s) => s.target)).toEqual(['Ticks', 'Counter', 'Echo'])
    const counter = stored.find((s) => s.target === 'Counter')!
    expect(withShortcut({ type: 'send' }, counter, 'connection')).toEqual({
      type: 'stream',
      target: 'Counter',
      arguments: [3],
    })
    const echo = stored.find((s) => s.target === 'Echo')!
    expect(withShortcut({ type: 'stream' }, echo, 'connection')).toMatchObject({ type: 'invoke', target: 'Echo' })
    // A record written before kinds were kept holds invocations.
    storage.setItem(
      'wirebench.signalrMethods.v1:old',
      JSON.stringify({ version: 1, shortcuts: [{ target: 'A', arguments: [] }] }),
    )
    expect(shortcutsFor(readShortcuts('old', storage), 'stream')).toEqual([])
  })
})
