/**
 * The services of an introspected schema: one per root type (Query, Mutation, Subscription), one method per root
 * field. A method's input is the call message `{ query, variables, operationName, subscriptionTransport? }`.
 */
import type { GraphQLObjectType, GraphQLSchema } from 'graphql'
import { optionalField } from '@wirebench/core'
import type { FieldInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import { applyDeprecation } from './deprecation.js'
import { createInputFieldBuilder } from './input-fields.js'
import type { InputFieldBuilder } from './input-fields.js'
import { defaultOperation } from './operation-text.js'
import { createOutputTypeBuilder } from './output-type.js'
import type { OutputTypeBuilder } from './output-type.js'
import { operationKey } from './types.js'
import type { CachedOperation, RootKind } from './types.js'

export const subscriptionTransports = ['auto', 'graphql-ws', 'graphql-sse'] as const

export interface SchemaServices {
  services: ServiceInfo[]
  operations: Map<string, CachedOperation>
}

export function schemaServices(schema: GraphQLSchema, url: string, maxInputDepth: number): SchemaServices {
  const inputs = createInputFieldBuilder(maxInputDepth)
  const outputs = createOutputTypeBuilder()
  const services: ServiceInfo[] = []
  const operations = new Map<string, CachedOperation>()
  const roots: Array<[RootKind, GraphQLObjectType | null | undefined]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ]
  for (const [kind, root] of roots) {
    if (!root) continue
    const service: ServiceInfo = {
      name: root.name,
      package: '',
      methods: [],
      source: 'graphql',
      originUrl: url,
      isUploaded: false,
      protocol: 'graphql',
    }
    if (root.description) service.description = root.description
    for (const field of Object.values(root.getFields())) {
      const operation = defaultOperation(kind, field)
      const method = methodInfo(
        { kind, root, field, query: operation.text, operationName: operation.name },
        {
          inputs,
          outputs,
        },
      )
      service.methods.push(method)
      operations.set(operationKey(root.name, field.name), {
        kind,
        service,
        method,
        field,
        defaultQuery: operation.text,
        defaultOperationName: operation.name,
      })
    }
    if (service.methods.length > 0) services.push(service)
  }
  return { services, operations }
}

interface MethodSource {
  kind: RootKind
  root: GraphQLObjectType
  field: CachedOperation['field']
  query: string
  operationName: string
}

function methodInfo(
  source: MethodSource,
  builders: { inputs: InputFieldBuilder; outputs: OutputTypeBuilder },
): MethodInfo {
  const { kind, root, field } = source
  const streaming = kind === 'subscription'
  const variables = builders.inputs.argumentFields(field.args)
  const fields: FieldInfo[] = [
    optionalField('query', 1, 'string', {
      format: 'graphql',
      defaultValue: source.query,
      description: 'The GraphQL operation; empty sends the default one.',
    }),
    optionalField('variables', 2, 'message', {
      required: variables.some((v) => v.required),
      messageType: {
        name: `${source.operationName}Variables`,
        fullName: `${root.name}.${field.name}.Variables`,
        fields: variables,
      },
    }),
    optionalField('operationName', 3, 'string', {
      description: 'Which operation of the document to run, when it holds several.',
    }),
  ]
  if (streaming) {
    fields.push(
      optionalField('subscriptionTransport', 4, 'enum', {
        enumValues: subscriptionTransports.map((name, number) => ({ name, number })),
        defaultValue: 'auto',
        description: 'auto tries graphql-ws and falls back to graphql-sse.',
      }),
      optionalField('subscriptionUrl', 5, 'string', {
        format: 'uri',
        description:
          'Where the server serves subscriptions when not at this endpoint (e.g. ws://host/subscriptions); empty tries the usual paths.',
      }),
    )
  }
  const method: MethodInfo = {
    name: field.name,
    fullName: `${root.name}.${field.name}`,
    clientStreaming: false,
    serverStreaming: streaming,
    methodType: streaming ? 'ServerStreaming' : 'Unary',
    inputType: { name: `${source.operationName}Operation`, fullName: `${root.name}.${field.name}`, fields },
    outputType: builders.outputs.outputMessage(field.type),
    deprecated: false,
  }
  applyDeprecation(method, field.deprecationReason)
  if (field.description) {
    method.description = field.description
    method.summary = field.description.split('\n')[0] ?? field.description
  }
  return method
}
