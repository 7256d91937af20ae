import { describe, expect, it } from 'vitest'
import { extraKeys, unshownKeys } from './extra-keys.js'
import { field } from './field.test-helpers.js'

const address = field({
  name: 'address',
  type: 'message',
  messageType: { name: 'A', fullName: 'A', fields: [field({ name: 'zip' })] },
})
const items = field({
  name: 'items',
  type: 'message',
  isRepeated: true,
  messageType: { name: 'I', fullName: 'I', fields: [field({ name: 'sku' })] },
})
const fields = [field({ name: 'priority' }), field({ name: 'count', type: 'int32' }), address, items]

describe('extra keys', () => {
  it('finds the keys no field names, at the top level', () => {
    expect(extraKeys(fields, { priority: 'LOW', count: 3, extra: 1 })).toEqual(['extra'])
  })

  it('finds them at any depth of nested and repeated messages', () => {
    expect(
      unshownKeys(fields, {
        extra: 1,
        address: { zip: '1', street: 'x' },
        items: [{ sku: 'a' }, { sku: 'b', note: 1 }],
      }),
    ).toEqual(['extra', 'address.street', 'items[1].note'])
    expect(unshownKeys(fields, { priority: 'LOW', address: { zip: '1' } })).toEqual([])
  })
})
