import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import { chosenMember, layoutFields } from './oneof-layout.js'

describe('layoutFields', () => {
  it('groups oneof members where the first one stands and keeps other fields in order', () => {
    const fields = [
      field({ name: 'id' }),
      field({ name: 'email', oneofName: 'contact' }),
      field({ name: 'note' }),
      field({ name: 'phone', oneofName: 'contact' }),
    ]
    const items = layoutFields(fields)
    expect(items.map((i) => (i.kind === 'field' ? i.field.name : `oneof ${i.name}`))).toEqual([
      'id',
      'oneof contact',
      'note',
    ])
    const group = items[1]
    expect(group?.kind === 'oneof' && group.members.map((m) => m.name)).toEqual(['email', 'phone'])
  })

  it('treats proto3 optional (a synthetic one-member oneof) as a plain field', () => {
    const items = layoutFields([field({ name: 'nick', oneofName: '_nick' })])
    expect(items).toEqual([{ kind: 'field', field: expect.objectContaining({ name: 'nick' }) }])
  })

  it('finds the member that holds a value', () => {
    const members = [field({ name: 'email' }), field({ name: 'phone' })]
    expect(chosenMember(members, { phone: '1' })?.name).toBe('phone')
    expect(chosenMember(members, {})).toBeUndefined()
  })
})
