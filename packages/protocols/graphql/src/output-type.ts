/**
 * A root field's output type as a MessageInfo, one level deep: its scalar and enum fields, and its object fields as
 * named, empty, `truncated` messages (the UI builds its picker from the schema document; on GitHub's schema a second
 * level made up three quarters of a 3.9 MB discovery answer).
 */
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql'
import type { GraphQLNamedType, GraphQLOutputType } from 'graphql'
import type { FieldInfo, MessageInfo } from '@wirebench/core'
import { applyDeprecation, enumValuesOf } from './deprecation.js'
import { applyScalar } from './scalar-types.js'

export const outputDepth = 1

export interface OutputTypeBuilder {
  outputMessage(type: GraphQLOutputType): MessageInfo
}

export function createOutputTypeBuilder(): OutputTypeBuilder {
  const messages = new Map<string, MessageInfo>()

  const message = (type: GraphQLNamedType, depth: number): MessageInfo => {
    const base: MessageInfo = { name: type.name, fullName: type.name, fields: [] }
    // Descriptions only at the first level: the schema document has them all, and on a schema like GitHub's the nested ones
    // would make up most of the discovery answer.
    const described = depth === outputDepth
    if (described && type.description) base.description = type.description
    if (!isObjectType(type) && !isInterfaceType(type)) return base
    if (depth <= 0) return { ...base, truncated: true }
    const key = `${type.name}\u0000${depth}`
    const cached = messages.get(key)
    if (cached) return cached
    messages.set(key, base)
    base.fields = Object.values(type.getFields()).map((field, index) => {
      const info = fieldInfo(field.name, field.type, index + 1, depth - 1)
      if (described && field.description) info.description = field.description
      applyDeprecation(info, field.deprecationReason)
      return info
    })
    return base
  }

  const fieldInfo = (name: string, type: GraphQLOutputType, number: number, depth: number): FieldInfo => {
    const required = isNonNullType(type)
    const isRepeated = isListType(getNullableType(type))
    const named = getNamedType(type)
    const field: FieldInfo = {
      name,
      number,
      type: 'json',
      label: isRepeated ? 'repeated' : required ? 'required' : 'optional',
      isRepeated,
      isMap: false,
      required,
      isBinary: false,
    }
    if (isEnumType(named)) {
      field.type = 'enum'
      field.enumValues = enumValuesOf(named)
    } else if (isCompositeType(named)) {
      // Unions have no fields of their own: their message stays empty (the schema document names the members).
      field.type = 'message'
      field.messageType = message(named, depth)
    } else {
      applyScalar(field, named.name)
    }
    return field
  }

  return { outputMessage: (type) => message(getNamedType(type), outputDepth) }
}
