/** Finds, in the GraphQL text of a request, the operation that is sent and the root field a method stands for. */
import {
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type OperationTypeNode,
} from 'graphql'

export interface OperationTarget {
  document: DocumentNode
  operation: OperationDefinitionNode
  /** The first selection of the root field in the operation (undefined when the operation does not select it). */
  rootField: FieldNode | undefined
  fragments: ReadonlyMap<string, FragmentDefinitionNode>
  /** Names of every named operation in the document, for the operation-name choice. */
  operationNames: string[]
}

export type ParsedOperation =
  ({ isOk: true } & OperationTarget) | { isOk: false; message: string; line?: number; column?: number }

export interface OperationQuery {
  operationType: OperationTypeNode
  rootField: string
  operationName?: string | undefined
}

/** Discovery names the services after the root types: Query, Mutation and Subscription. */
export function operationTypeOf(serviceName: string): OperationTypeNode {
  if (serviceName === 'Mutation') return 'mutation' as OperationTypeNode
  if (serviceName === 'Subscription') return 'subscription' as OperationTypeNode
  return 'query' as OperationTypeNode
}

function selectsRoot(operation: OperationDefinitionNode, rootField: string): FieldNode | undefined {
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind === Kind.FIELD && selection.name.value === rootField) return selection
  }
  return undefined
}

/**
 * The operation sent: the one named `operationName` when there is one, else the first of the method's operation type
 * that selects its root field, else the first of that type, else the first operation in the document.
 */
export function findOperation(document: DocumentNode, query: OperationQuery): OperationTarget | undefined {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  const ofType = operations.filter((o) => o.operation === query.operationType)
  const operation =
    (query.operationName ? operations.find((o) => o.name?.value === query.operationName) : undefined) ??
    ofType.find((o) => selectsRoot(o, query.rootField)) ??
    ofType[0] ??
    operations[0]
  if (!operation) return undefined
  const operationNames = operations.flatMap((o) => (o.name ? [o.name.value] : []))
  return { document, operation, rootField: selectsRoot(operation, query.rootField), fragments, operationNames }
}

export function parseOperation(text: string, query: OperationQuery): ParsedOperation {
  let document: DocumentNode
  try {
    document = parse(text)
  } catch (error) {
    if (error instanceof GraphQLError) {
      const location = error.locations?.[0]
      return { isOk: false, message: error.message, ...(location ?? {}) }
    }
    return { isOk: false, message: error instanceof Error ? error.message : String(error) }
  }
  const target = findOperation(document, query)
  if (!target) return { isOk: false, message: 'The document holds no operation (only fragments).' }
  return { isOk: true, ...target }
}
