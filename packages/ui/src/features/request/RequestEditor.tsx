/** The request body editors over one draft: generated form, raw JSON (kept in sync), and headers/metadata. */
import { useMemo, useState, type ReactElement } from 'react'
import { exampleMessage } from '@wirebench/core'
import { FieldForm } from '../../components/form/FieldForm.js'
import { inputId } from '../../components/form/field-ids.js'
import type { DecorateField } from '../../components/form/form-decoration.js'
import { formFlavorOf } from '../../components/form/form-flavor.js'
import { FormPendingContext, type FormPending } from '../../components/form/form-pending.js'
import { unshownKeys } from '../../components/form/extra-keys.js'
import { checkMessage } from '../../components/form/value-check.js'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { Tabs } from '../../components/Tabs.js'
import type { MethodRef } from '../../state/catalog.js'
import { useDraft, type DraftHandle } from '../../state/useDraft.js'
import { RAW_JSON_PATH, RawJsonEditor } from './RawJsonEditor.js'
import { BODY_PATH, draftFields } from './send-gate.js'
import { SendHoldNotice } from './SendHoldNotice.js'

type EditorTab = 'form' | 'json' | 'headers'

export interface RequestEditorProps {
  target: MethodRef
  decorate?: DecorateField
  /** REST calls them headers; gRPC calls them metadata. */
  headersLabel: string
  /** Shown above the generated form (REST: the source colour legend). */
  formLegend?: ReactElement
}

/** The draft's pending texts as the form's store for text a field cannot hold yet. */
export function usePendingOf(draft: DraftHandle): FormPending {
  const { pending, setPending } = draft
  return useMemo(() => ({ get: (path) => pending[path], set: setPending }), [pending, setPending])
}

/** Strings inside a value: what Fill example wrote is remembered as filled from the document. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

/** Focuses a field of the form once it is on screen (after a tab switch renders it). */
export function focusField(path: string): void {
  requestAnimationFrame(() => {
    const element =
      document.getElementById(inputId(path)) ?? document.querySelector(`[data-field-path="${CSS.escape(path)}"]`)
    element?.scrollIntoView({ block: 'center' })
    if (element instanceof HTMLElement) element.focus()
  })
}

export function RequestEditor({ target, decorate, headersLabel, formLegend }: RequestEditorProps): ReactElement {
  const [tab, setTab] = useState<EditorTab>('form')
  const draft = useDraft(target.key)
  const pending = usePendingOf(draft)
  const fields = draftFields(target, draft)
  const flavor = formFlavorOf(target.service.protocol)
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length
  // An edit in the form (or Fill example) is the message now: JSON tab text that did not parse is replaced by it.
  const setFromForm = (value: Record<string, unknown>) => {
    draft.setPending(RAW_JSON_PATH, undefined)
    draft.setValue(value)
  }
  const fillExample = () => {
    const example = exampleMessage(fields, { flavor })
    draft.addFilled(stringsIn(example))
    setFromForm({ ...example, ...draft.value })
  }
  return (
    <div className="request-editor">
      <SendHoldNotice
        target={target}
        draft={draft}
        onShowField={(path) => {
          setTab(path === RAW_JSON_PATH ? 'json' : 'form')
          // A missing body points at its first field.
          const shown = path === BODY_PATH ? fields.find((f) => f.source === 'body')?.name : path
          if (shown !== undefined && shown !== RAW_JSON_PATH) focusField(shown)
        }}
      />
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
                title={
                  flavor === 'proto3'
                    ? 'Fill every field with a plausible value'
                    : 'Fill required fields and the spec’s examples and defaults'
                }
                onClick={fillExample}
              >
                Fill example
              </button>
              <button
                type="button"
                className="btn btn-ghost tab-action"
                title="Clear every field"
                disabled={Object.keys(draft.value).length === 0 && Object.keys(draft.pending).length === 0}
                onClick={() => {
                  draft.clearPending()
                  draft.setValue({})
                }}
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
              <FormPendingContext.Provider value={pending}>
                <FieldForm fields={fields} value={draft.value} onChange={setFromForm} decorate={decorate} />
              </FormPendingContext.Provider>
            </div>
          ))}
        {tab === 'json' && (
          <RawJsonEditor
            value={draft.value}
            onChange={(value) => {
              // The JSON is the whole message now: text the form could not parse is replaced by it.
              draft.clearPending()
              draft.setValue(value)
            }}
            formNote={formNote(target, draft)}
            pending={pending}
          />
        )}
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

/** What the JSON view says besides "in sync": text the form holds that is not JSON, values that fit no field. */
export function formNote(
  target: MethodRef,
  draft: DraftHandle,
  /** False where keys without a field are expected (GraphQL variables the operation declares) and the form lists them. */
  flagsUnshown = true,
): string | undefined {
  const pendingPaths = Object.keys(draft.pending).filter((path) => path !== RAW_JSON_PATH)
  if (pendingPaths.length > 0) {
    return `The form holds text that is not JSON in ${pendingPaths.join(', ')}: fix it there, or edit here to replace it.`
  }
  const fields = draftFields(target, draft)
  const unshown = flagsUnshown ? unshownKeys(fields, draft.value) : []
  if (unshown.length > 0) {
    const list = unshown.join(', ')
    return `Not in the schema: ${list}. The form lists ${unshown.length === 1 ? 'it' : 'them'} under Extra keys; ${unshown.length === 1 ? 'it is' : 'they are'} sent as written.`
  }
  const flavor = formFlavorOf(target.service.protocol)
  const { problems } = checkMessage(fields, draft.value, { flavor, stage: 'draft' })
  if (problems.length === 0) return undefined
  const names = problems.map((p) => p.path).join(', ')
  return `In sync, but ${problems.length === 1 ? 'a value does' : `${problems.length} values do`} not fit ${problems.length === 1 ? 'its field' : 'their fields'} (${names}): Send waits until ${problems.length === 1 ? 'it is' : 'they are'} fixed.`
}
