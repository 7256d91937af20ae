import { describe, expect, it } from 'vitest'
import { MAX_SHORTCUTS, readShortcuts, rememberShortcut, shortcutOf } from './hub-shortcuts.js'

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
    expect(shortcutOf({ target: ' Echo ', arguments: [1] })).toEqual({ target: 'Echo', arguments: [1] })
    expect(shortcutOf({ target: 'Echo' })).toEqual({ target: 'Echo', arguments: [] })
    expect(shortcutOf({ target: '' })).toBeUndefined()
    expect(shortcutOf({ target: 'Echo', arguments: 'x' })).toBeUndefined()
  })
})
