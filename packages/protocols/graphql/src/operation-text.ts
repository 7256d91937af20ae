/**
 * The ready-to-send operation for a root field: its arguments as variables, and a default selection set of scalar and
 * enum fields two levels deep (fields with required arguments skipped, deprecated ones too — selecting them would
 * open every method with a deprecation warning —, `__typename` on abstract types).
 */
import { getNamedType, isAbstractType, isLeafType, isNonNullType, isObjectType, isInterfaceType } from 'graphql'
import type { GraphQLField, GraphQLNamedType } from 'graphql'
import type { RootKind } from './types.js'

export const selectionDepth = 2

export interface DefaultOperation {
  name: string
  text: string
}

export function defaultOperation(kind: RootKind, field: GraphQLField<unknown, unknown>): DefaultOperation {
  const name = field.name.charAt(0).toUpperCase() + field.name.slice(1)
  const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`)
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`)
  const head = `${kind} ${name}${variables.length > 0 ? `(${variables.join(', ')})` : ''}`
  const call = `${field.name}${args.length > 0 ? `(${args.join(', ')})` : ''}`
  const named = getNamedType(field.type)
  const lines = isLeafType(named) ? undefined : selection(named, selectionDepth, '    ')
  const body =
    lines === undefined
      ? `  ${call}`
      : `  ${call} {\n${(lines.length > 0 ? lines : ['    __typename']).join('\n')}\n  }`
  return { name, text: `${head} {\n${body}\n}\n` }
}

/** Selection lines for a composite type; empty when nothing can be selected without arguments. */
function selection(type: GraphQLNamedType, depth: number, indent: string): string[] {
  const lines: string[] = []
  if (isAbstractType(type)) lines.push(`${indent}__typename`)
  if (!isObjectType(type) && !isInterfaceType(type)) return lines
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue
    if (field.deprecationReason != null) continue
    const named = getNamedType(field.type)
    if (isLeafType(named)) {
      lines.push(`${indent}${field.name}`)
      continue
    }
    if (depth <= 1) continue
    const nested = selection(named, depth - 1, `${indent}  `)
    // A nested type offering only `__typename` or nothing adds noise, not data.
    if (nested.some((line) => !line.endsWith('__typename'))) {
      lines.push(`${indent}${field.name} {`, ...nested, `${indent}}`)
    }
  }
  return lines
}
