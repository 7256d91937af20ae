/** How the sidebar and the pane header label a GraphQL method: Q, M or SUB by its root type. */
import type { MethodInfo } from '@wirebench/core'
import type { BadgeTone } from '../../components/MethodBadge.js'

/** The sidebar passes only the method: its root type is the first part of `fullName` (`Mutation.addBook`). */
export function graphqlBadge(method: MethodInfo, serviceName?: string): { label: string; tone: BadgeTone } {
  const root = serviceName ?? method.fullName.split('.')[0]
  if (method.methodType === 'ServerStreaming' || root === 'Subscription') return { label: 'SUB', tone: 'patch' }
  if (root === 'Mutation') return { label: 'M', tone: 'post' }
  return { label: 'Q', tone: 'get' }
}
