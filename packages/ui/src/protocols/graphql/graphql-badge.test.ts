import type { MethodInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { graphqlBadge } from './graphql-badge.js'

const method = (fullName: string, methodType: MethodInfo['methodType'] = 'Unary') =>
  ({ fullName, methodType }) as MethodInfo

describe('graphqlBadge', () => {
  it('labels queries Q, mutations M and subscriptions SUB', () => {
    expect(graphqlBadge(method('Query.books')).label).toBe('Q')
    expect(graphqlBadge(method('Mutation.addBook')).label).toBe('M')
    expect(graphqlBadge(method('Subscription.bookAdded', 'ServerStreaming')).label).toBe('SUB')
  })

  it('prefers the service name when the pane knows it', () => {
    expect(graphqlBadge(method('addBook'), 'Mutation').label).toBe('M')
  })
})
