import { describe, expect, it } from 'vitest'
import { composeMessages, MAX_SEND_MANY } from './composer-messages.js'

describe('composeMessages', () => {
  it('numbers each message through ${i} and resolves system variables per message', () => {
    let n = 0
    const { messages, unknown } = composeMessages({ text: 'msg ${i}', id: '${uuid}', n: 3 }, 3, {
      system: { uuid: () => `u${++n}` },
    })
    expect(messages).toEqual([
      { text: 'msg 1', id: 'u1', n: 3 },
      { text: 'msg 2', id: 'u2', n: 3 },
      { text: 'msg 3', id: 'u3', n: 3 },
    ])
    expect(unknown).toEqual([])
  })

  it("resolves the environment's variables, with system variables winning over a user variable of the same name", () => {
    const { messages } = composeMessages({ to: '${room}', id: '${uuid}' }, 1, {
      scopes: [{ room: 'lobby', uuid: 'user-defined' }],
      system: { uuid: () => 'system' },
    })
    expect(messages).toEqual([{ to: 'lobby', id: 'system' }])
  })

  it('leaves unknown variables visible and names them, and keeps $${ as a literal', () => {
    const { messages, unknown } = composeMessages({ a: '${nope}', b: '$${i}' }, 1)
    expect(messages).toEqual([{ a: '${nope}', b: '${i}' }])
    expect(unknown).toEqual(['nope'])
  })

  it('sends at least one and at most the cap', () => {
    expect(composeMessages({}, 0).messages).toHaveLength(1)
    expect(composeMessages({}, MAX_SEND_MANY + 5).messages).toHaveLength(MAX_SEND_MANY)
  })
})
