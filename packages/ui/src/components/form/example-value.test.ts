import type { FieldInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { field } from './field.test-helpers.js'
import { exampleMessage } from './example-value.js'

describe('exampleMessage', () => {
  it('uses examples and defaults, samples required fields by type, and skips optional fields without a hint', () => {
    const message = exampleMessage([
      field({ name: 'id', type: 'int32', required: true, example: 7 }),
      field({ name: 'limit', type: 'int32', defaultValue: 20 }),
      field({ name: 'note' }),
      field({ name: 'email', required: true, format: 'email' }),
      field({ name: 'tags', required: true, isRepeated: true }),
      field({ name: 'kind', type: 'enum', required: true, enumValues: [{ name: 'BOOK', number: 0 }] }),
      field({ name: 'file', required: true, isBinary: true, type: 'bytes' }),
    ])
    expect(message).toEqual({ id: 7, limit: 20, email: 'user@example.com', tags: ['tags'], kind: 'BOOK' })
  })

  it('fills nested required messages and stops at recursive ones', () => {
    const node: FieldInfo = field({ name: 'child', type: 'message', required: true })
    node.messageType = { name: 'Node', fullName: 'Node', fields: [field({ name: 'name', required: true }), node] }
    const message = exampleMessage([node])
    expect(message.child).toMatchObject({ name: 'name', child: { name: 'name' } })
    let depth = 0
    let cursor: unknown = message
    while (cursor && typeof cursor === 'object' && 'child' in cursor) {
      cursor = cursor.child
      depth++
    }
    expect(depth).toBeLessThanOrEqual(5)
  })
})
