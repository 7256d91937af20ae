/**
 * GraphQL argument and input types as wire-model fields: scalars by name, enums with their values, input objects as
 * messages (one shared MessageInfo per input type and remaining depth, so a large schema builds each once), lists as
 * repeated, non-null as required, custom scalars as `json` with the scalar's name as `format`.
 */
import { getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType } from 'graphql'
import type { GraphQLArgument, GraphQLInputField, GraphQLInputType, GraphQLNamedType } from 'graphql'
import type { FieldInfo, MessageInfo } from '@wirebench/core'
import { applyDeprecation, enumValuesOf } from './deprecation.js'
import { applyScalar } from './scalar-types.js'

export interface InputFieldBuilder {
  /** The fields of a `variables` message for these arguments. */
  argumentFields(args: readonly GraphQLArgument[]): FieldInfo[]
}

export function createInputFieldBuilder(maxDepth: number): InputFieldBuilder {
  // Keyed by type name and remaining depth: an input type reached at the same depth is the same message.
  const messages = new Map<string, MessageInfo>()

  const inputMessage = (type: GraphQLNamedType, depth: number, path: readonly string[]): MessageInfo => {
    if (!isInputObjectType(type)) throw new TypeError(`${type.name} is not an input object`)
    const base = {
      name: type.name,
      fullName: type.name,
      ...(type.description ? { description: type.description } : {}),
    }
    if (path.includes(type.name) || depth <= 0) return { ...base, fields: [], truncated: true }
    const key = `${type.name}\u0000${depth}`
    const cached = messages.get(key)
    // A cached message built on another path may hold a cycle cut that this path would not make: still a valid form.
    if (cached) return cached
    const message: MessageInfo = { ...base, fields: [] }
    messages.set(key, message)
    const nested = [...path, type.name]
    message.fields = Object.values(type.getFields()).map((field, index) => toField(field, index + 1, depth - 1, nested))
    if (message.fields.some((f) => f.messageType?.truncated)) message.truncated = true
    return message
  }

  const toField = (
    input: GraphQLArgument | GraphQLInputField,
    number: number,
    depth: number,
    path: readonly string[],
  ): FieldInfo => {
    const type: GraphQLInputType = input.type
    const required = isNonNullType(type)
    const inner = getNullableType(type)
    const isRepeated = isListType(inner)
    const nestedList = isRepeated && isListType(getNullableType(inner.ofType))
    const named = getNamedType(type)
    const field: FieldInfo = {
      name: input.name,
      number,
      type: 'json',
      label: isRepeated ? 'repeated' : required ? 'required' : 'optional',
      isRepeated,
      isMap: false,
      required,
      isBinary: false,
    }
    if (input.description) field.description = input.description
    applyDeprecation(field, input.deprecationReason)
    const defaultValue = jsonDefault(input.defaultValue)
    if (defaultValue !== undefined) field.defaultValue = defaultValue
    if (nestedList) {
      // A list of lists has no repeated-of-repeated form: it is edited as JSON.
      field.format = String(inner)
    } else if (isEnumType(named)) {
      field.type = 'enum'
      field.enumValues = enumValuesOf(named)
    } else if (isInputObjectType(named)) {
      field.type = 'message'
      field.messageType = inputMessage(named, depth, path)
    } else {
      applyScalar(field, named.name)
    }
    return field
  }

  return {
    argumentFields: (args) => args.map((arg, index) => toField(arg, index + 1, maxDepth, [])),
  }
}

/** Default values as JSON (nulls omitted: the wire model carries none). */
function jsonDefault(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  try {
    return JSON.parse(JSON.stringify(value)) as unknown
  } catch {
    return undefined
  }
}
