/**
 * The code-export dialog: the pane's request as a snippet in one of the formats its protocol writes, with variables
 * resolved or kept as `${name}`, secrets kept as references unless explicitly included, a highlighted preview, the
 * plugin's notes (what the snippet cannot express) and Copy.
 */
import { useEffect, useState, type ReactElement } from 'react'
import { exportFormatLabels, type ExportFormat } from '@wirebench/core'
import { CodeEditor } from '../../components/code/CodeEditor.js'
import { Icon } from '../../components/Icon.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { Spinner } from '../../components/Spinner.js'
import { toasts } from '../../components/toast-store.js'
import { ApiError } from '../../api/api-error.js'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { exportFormatsByProtocol } from './export-formats.js'
import { snippetLanguage } from './snippet-languages.js'
import { useSnippet } from './useSnippet.js'

export interface ExportDialogProps {
  target: MethodRef
  serverUrl: string | undefined
  messages: unknown[] | undefined
  onClose: () => void
}

function useFormats(protocol: string): { formats?: readonly ExportFormat[]; error?: ApiError } {
  const { api } = useWorkbench()
  const [state, setState] = useState<{ formats?: readonly ExportFormat[]; error?: ApiError }>({})
  useEffect(() => {
    let isCurrent = true
    void exportFormatsByProtocol(api).then(
      (byProtocol) => {
        if (isCurrent) setState({ formats: byProtocol.get(protocol) ?? [] })
      },
      (error: unknown) => {
        if (isCurrent) setState({ error: ApiError.fromUnknown(error) })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [api, protocol])
  return state
}

function copySnippet(text: string): void {
  const show = toasts.getState().show
  try {
    void navigator.clipboard.writeText(text).then(
      () => show('Snippet copied to the clipboard'),
      () => show('The browser refused the clipboard: select the snippet and copy it by hand'),
    )
  } catch {
    // No clipboard outside a secure context.
    show('No clipboard here: select the snippet and copy it by hand')
  }
}

export function ExportDialog({ target, serverUrl, messages, onClose }: ExportDialogProps): ReactElement {
  const workbench = useWorkbench()
  const protocol = target.service.protocol
  const { formats, error: formatsError } = useFormats(protocol)
  const [chosen, setChosen] = useState<ExportFormat>()
  const [includeSecrets, setIncludeSecrets] = useState(false)
  const [resolveVariables, setResolveVariables] = useState(true)
  const format = chosen && formats?.includes(chosen) ? chosen : formats?.[0]
  const { snippet, error, isLoading } = useSnippet(
    workbench,
    { target, serverUrl, messages },
    { format, includeSecrets, resolveVariables },
  )
  const shown = format ? snippet : undefined
  const problem = formatsError ?? (format ? error : undefined)
  return (
    <ModalDialog title={`Export ${target.method.name} as code`} className="export-dialog" onClose={onClose}>
      <div className="export-options">
        <label className="export-format">
          <span>Format</span>
          <select
            className="select"
            value={format ?? ''}
            disabled={!formats || formats.length === 0}
            onChange={(e) => setChosen(e.target.value as ExportFormat)}
          >
            {(formats ?? []).map((f) => (
              <option key={f} value={f}>
                {exportFormatLabels[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="export-toggle">
          <input type="checkbox" checked={resolveVariables} onChange={(e) => setResolveVariables(e.target.checked)} />
          Resolve variables
        </label>
        <label className="export-toggle">
          <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
          Include secrets
        </label>
      </div>
      {includeSecrets ? (
        <p className="export-warning" role="alert">
          <Icon name="alert" size={14} /> The snippet holds secret values in plain text: do not commit, paste or share
          it.
        </p>
      ) : (
        <ReferencesHelp format={format} />
      )}
      {formats && formats.length === 0 && (
        <p className="muted">The {protocol} plugin writes no code snippets for its calls.</p>
      )}
      {problem ? (
        <ProblemNotice error={problem} />
      ) : (
        <div className="export-preview" aria-busy={isLoading}>
          {shown ? (
            <CodeEditor
              value={shown.snippet}
              language="text"
              languageSupport={snippetLanguage(shown.language)}
              isReadOnly
              label={`${format ? exportFormatLabels[format] : ''} snippet`}
            />
          ) : (
            <Spinner label="Writing the snippet" />
          )}
        </div>
      )}
      {shown && !problem && shown.notes && shown.notes.length > 0 && (
        <ul className="export-notes" aria-label="Notes">
          {shown.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!shown || !!problem || isLoading}
          onClick={() => {
            if (shown) copySnippet(shown.snippet)
          }}
        >
          <Icon name="copy" size={14} /> Copy
        </button>
      </div>
    </ModalDialog>
  )
}

/**
 * What a `${name}` in the snippet needs. Only `wirebench call` fills references itself: the other formats quote them
 * as literal text (a shell's single quotes, a Python or JavaScript string), so they must be replaced by hand.
 */
function ReferencesHelp({ format }: { format: ExportFormat | undefined }): ReactElement {
  return (
    <p className="export-help muted">
      {format === 'wirebench' ? (
        <>
          Secrets stay <code>{'${name}'}</code> references: <code>wirebench call</code> fills them from{' '}
          <code>--env</code> or <code>--var name=value</code>.
        </>
      ) : (
        <>
          Secrets stay <code>{'${name}'}</code> placeholders: replace each with its value before running the snippet
          (the snippet does not read them from your shell).
        </>
      )}
    </p>
  )
}
