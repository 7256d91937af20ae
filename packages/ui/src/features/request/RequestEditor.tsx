/** The request body editors over one draft: generated form, raw JSON (kept in sync), and headers/metadata. */
import { useState, type ReactElement } from 'react'
import { exampleMessage } from '../../components/form/example-value.js'
import { FieldForm } from '../../components/form/FieldForm.js'
import type { DecorateField } from '../../components/form/form-decoration.js'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { Tabs } from '../../components/Tabs.js'
import type { MethodRef } from '../../state/catalog.js'
import { useDraft } from '../../state/useDraft.js'
import { RawJsonEditor } from './RawJsonEditor.js'

type EditorTab = 'form' | 'json' | 'headers'

export interface RequestEditorProps {
  target: MethodRef
  decorate?: DecorateField
  /** REST calls them headers; gRPC calls them metadata. */
  headersLabel: string
  /** Shown above the generated form (REST: the source colour legend). */
  formLegend?: ReactElement
}

export function RequestEditor({ target, decorate, headersLabel, formLegend }: RequestEditorProps): ReactElement {
  const [tab, setTab] = useState<EditorTab>('form')
  const draft = useDraft(target.key)
  const fields = target.method.inputType.fields
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length
  return (
    <div className="request-editor">
      <Tabs
        idPrefix="request"
        label="Request editors"
        selected={tab}
        onSelect={setTab}
        trailing={
          tab !== 'headers' && fields.length > 0 ? (
            <>
              <button
                type="button"
                className="btn btn-ghost tab-action"
                title="Fill required fields and the spec's examples and defaults"
                onClick={() => draft.setValue({ ...exampleMessage(fields), ...draft.value })}
              >
                Fill example
              </button>
              <button
                type="button"
                className="btn btn-ghost tab-action"
                title="Clear every field"
                disabled={Object.keys(draft.value).length === 0}
                onClick={() => draft.setValue({})}
              >
                Clear
              </button>
            </>
          ) : undefined
        }
        items={[
          { id: 'form', label: 'Form', count: Object.keys(draft.value).length },
          { id: 'json', label: 'JSON' },
          { id: 'headers', label: headersLabel, count: headerCount },
        ]}
      />
      <div className="request-editor-panel" id="request-panel" role="tabpanel" aria-labelledby={`request-tab-${tab}`}>
        {tab === 'form' &&
          (fields.length === 0 ? (
            <div className="empty-state">
              <p>This operation takes no input. Press Send.</p>
            </div>
          ) : (
            <div className="form-scroll">
              {formLegend}
              <FieldForm fields={fields} value={draft.value} onChange={draft.setValue} decorate={decorate} />
            </div>
          ))}
        {tab === 'json' && <RawJsonEditor value={draft.value} onChange={draft.setValue} />}
        {tab === 'headers' && (
          <div className="form-scroll">
            <p className="muted headers-help">
              Extra {headersLabel.toLowerCase()} sent with this call. They win over auth helper output on a name clash.
            </p>
            <KeyValueEditor label={headersLabel} rows={draft.headers} onChange={draft.setHeaders} />
          </div>
        )}
      </div>
    </div>
  )
}
