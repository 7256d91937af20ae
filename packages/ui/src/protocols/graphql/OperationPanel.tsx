/** The operation tab: the field picker beside the editor, kept in step both ways, and what the schema says is wrong. */
import { getNamedType, isCompositeType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql'
import { useMemo, useState, type ReactElement } from 'react'
import { Spinner } from '../../components/Spinner.js'
import type { MethodRef } from '../../state/catalog.js'
import type { GraphqlSchemaEntry } from '../../state/graphql-schema-store.js'
import { FieldPicker } from './FieldPicker.js'
import { GraphqlEditor } from './GraphqlEditor.js'
import { operationTypeOf, parseOperation } from './operation-target.js'
import { readPicked, type Picked } from './picked.js'
import { togglePick, type PickStep } from './selection-edit.js'
import { useOperationProblems } from './useOperationProblems.js'

export interface OperationPanelProps {
  target: MethodRef
  schemaEntry: GraphqlSchemaEntry | undefined
  query: string
  operationName: string | undefined
  onQueryChange: (query: string) => void
}

function fieldTypeIn(schema: GraphQLSchema) {
  return (parent: string, field: string) => {
    const type = schema.getType(parent)
    if (!type || !(isObjectType(type) || isInterfaceType(type))) return undefined
    const def = type.getFields()[field]
    return def ? getNamedType(def.type).name : undefined
  }
}

export function OperationPanel(props: OperationPanelProps): ReactElement {
  const { target, schemaEntry, query, operationName, onQueryChange } = props
  const schema = schemaEntry?.status === 'ready' ? schemaEntry.schema : undefined
  const rootField = target.method.name
  const operationType = operationTypeOf(target.service.name)
  const parsed = useMemo(
    () => parseOperation(query, { operationType, rootField, operationName }),
    [query, operationType, rootField, operationName],
  )
  const rootType = useMemo(() => {
    const def = schema?.getRootType(operationType)?.getFields()[rootField]
    return def ? getNamedType(def.type) : undefined
  }, [schema, operationType, rootField])
  const picked = useMemo(() => {
    if (!schema || !rootType || !parsed.isOk) return undefined
    return readPicked(parsed.rootField?.selectionSet, {
      fragments: parsed.fragments,
      parentType: rootType.name,
      fieldType: fieldTypeIn(schema),
    })
  }, [schema, rootType, parsed])
  // While the text does not parse, the picker keeps showing the last selection that did.
  const [lastPicked, setLastPicked] = useState<Picked | undefined>(undefined)
  if (picked && picked !== lastPicked) setLastPicked(picked)
  const { problems, isStale } = useOperationProblems(schema, query)

  const onToggle = (path: readonly PickStep[], isOn: boolean) => {
    if (!schema || !parsed.isOk) return
    onQueryChange(togglePick({ text: query, schema, target: parsed, rootField, path, isOn }))
  }

  const isLeafRoot = !!rootType && !isCompositeType(rootType)
  return (
    <div className={`gql-operation${isLeafRoot ? ' is-leaf-root' : ''}`} data-schema={schemaEntry?.status ?? 'loading'}>
      {!isLeafRoot && (
        <div className="gql-operation-picker">
          {schemaEntry?.status === 'error' && (
            <div className="gql-picker-notice is-error" role="alert">
              {schemaEntry.error.problem.title}
              {schemaEntry.error.problem.detail ? `: ${schemaEntry.error.problem.detail}` : ''}
            </div>
          )}
          {(!schemaEntry || schemaEntry.status === 'loading') && (
            <div className="gql-picker-loading">
              <Spinner label="Loading the schema" /> Loading the schema…
            </div>
          )}
          {schema && rootType && isCompositeType(rootType) && (
            <FieldPicker
              schema={schema}
              rootType={rootType}
              rootField={rootField}
              picked={picked ?? lastPicked}
              disabledReason={parsed.isOk ? undefined : 'The text does not parse: fix it to pick fields again.'}
              onToggle={onToggle}
            />
          )}
          {parsed.isOk && !parsed.rootField && schema && (
            <div className="gql-picker-notice">
              The operation does not select {rootField} yet: picking a field adds it.
            </div>
          )}
        </div>
      )}
      <div className="gql-operation-editor">
        {isLeafRoot && (
          <div className="gql-leaf-note muted">
            <span className="mono">{rootField}</span> returns <span className="mono">{rootType.name}</span>: no fields
            to pick.
          </div>
        )}
        <GraphqlEditor value={query} onChange={onQueryChange} schema={schema} label="GraphQL operation" />
        <div
          className={`gql-problems${problems.length ? ' is-error' : ''}`}
          role={problems.length ? 'alert' : 'status'}
          data-problem-count={problems.length}
          data-stale={isStale || undefined}
        >
          {problems.length === 0
            ? schema
              ? isStale
                ? 'Checking…'
                : 'Valid against the schema'
              : 'Checked when the schema has loaded'
            : problems.slice(0, 3).map((p, i) => (
                <div key={i} className="gql-problem">
                  {p.line !== undefined && <span className="mono gql-problem-at">{`${p.line}:${p.column}`}</span>}{' '}
                  {p.message}
                </div>
              ))}
          {problems.length > 3 && <div className="muted">and {problems.length - 3} more</div>}
        </div>
      </div>
    </div>
  )
}
