/** The variables of the operation: JSON in an editor, or a form generated from the root field's arguments. */
import { useState, type ReactElement } from 'react'
import { exampleMessage } from '@wirebench/core'
import { FieldForm } from '../../components/form/FieldForm.js'
import { FormPendingContext } from '../../components/form/form-pending.js'
import { RawJsonEditor } from '../../features/request/RawJsonEditor.js'
import { formNote, usePendingOf } from '../../features/request/RequestEditor.js'
import type { MethodRef } from '../../state/catalog.js'
import { useDraft } from '../../state/useDraft.js'
import { inputField } from './graphql-draft.js'

export interface VariablesPanelProps {
  target: MethodRef
  variables: Record<string, unknown>
  onChange: (variables: Record<string, unknown>) => void
  /** Told what Fill example wrote (from the schema's defaults), so a Send can tell it from what the user typed. */
  onFilled: (value: Record<string, unknown>) => void
}

type VariablesView = 'json' | 'form'

/** Variables the operation declares for other fields than the root one: expected, not strays. */
const OPERATION_VARIABLES = {
  name: 'Other variables',
  type: 'declared in the operation',
  description:
    'Not arguments of this field; they are sent as written. Edit them in the JSON view, or remove them here.',
}

export function VariablesPanel({ target, variables, onChange, onFilled }: VariablesPanelProps): ReactElement {
  const [view, setView] = useState<VariablesView>('json')
  const draft = useDraft(target.key)
  const pending = usePendingOf(draft)
  const fields = inputField(target.method, 'variables')?.messageType?.fields ?? []
  return (
    <div className="gql-variables">
      <div className="gql-variables-toolbar">
        <div className="segmented" role="group" aria-label="Variables view">
          <button type="button" aria-pressed={view === 'json'} onClick={() => setView('json')}>
            JSON
          </button>
          <button
            type="button"
            aria-pressed={view === 'form'}
            disabled={fields.length === 0}
            title={fields.length === 0 ? 'The field takes no arguments' : 'A form from the field’s arguments'}
            onClick={() => setView('form')}
          >
            From arguments
          </button>
        </div>
        {fields.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost"
            title="Fill required arguments (typed samples) and the schema's defaults"
            onClick={() => {
              const example = exampleMessage(fields)
              onFilled(example)
              onChange({ ...example, ...variables })
            }}
          >
            Fill example
          </button>
        )}
      </div>
      {view === 'json' || fields.length === 0 ? (
        <RawJsonEditor
          value={variables}
          onChange={(next) => {
            draft.clearPending()
            onChange(next)
          }}
          formNote={formNote(target, draft, false)}
          pending={pending}
        />
      ) : (
        <div className="form-scroll">
          <FormPendingContext.Provider value={pending}>
            <FieldForm fields={fields} value={variables} onChange={onChange} extraKeysLabel={OPERATION_VARIABLES} />
          </FormPendingContext.Provider>
        </div>
      )}
    </div>
  )
}
