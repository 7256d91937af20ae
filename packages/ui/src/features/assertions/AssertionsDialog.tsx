/**
 * The Assertions editor of a saved request (Collections → a request's menu → Assertions…): declarative checks written
 * into the request's file, evaluated after each send beside the response and by `wirebench call --request`.
 */
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { newRow, opsOf, rowOf, toAssertion, type AssertionRow, type AssertionType } from './assertion-rows.js'
import { saveFileFields } from '../collections/save-file-fields.js'
import '../../styles/assertions.css'

const typeLabels: Record<AssertionType, string> = {
  status: 'Status',
  json: 'JSON path',
  header: 'Header',
  latency: 'Latency',
  'schema-valid': 'Schema-valid',
}

const opLabels: Record<string, string> = {
  is: 'is',
  in: 'is one of',
  equals: 'equals',
  matches: 'matches',
  exists: 'exists',
  absent: 'is absent',
  below: 'below (ms)',
  valid: 'valid',
}

function hasTarget(row: AssertionRow): boolean {
  return row.type === 'json' || row.type === 'header'
}

function hasValue(row: AssertionRow): boolean {
  return row.op !== 'exists' && row.op !== 'absent' && row.op !== 'valid'
}

function RowEditor(props: {
  row: AssertionRow
  index: number
  problem: string | undefined
  onChange: (row: AssertionRow) => void
  onRemove: () => void
}): ReactElement {
  const { row, index, problem, onChange, onRemove } = props
  const name = `Assertion ${index + 1}`
  return (
    <div className="assertion-row" role="group" aria-label={name}>
      <select
        className="select"
        aria-label={`${name} kind`}
        value={row.type}
        onChange={(e) => onChange(newRow(e.target.value as AssertionType))}
      >
        {Object.entries(typeLabels).map(([type, label]) => (
          <option key={type} value={type}>
            {label}
          </option>
        ))}
      </select>
      <input
        className="input mono"
        aria-label={`${name} ${row.type === 'header' ? 'header name' : 'path'}`}
        placeholder={row.type === 'header' ? 'content-type' : row.type === 'json' ? 'data.items.0.id' : ''}
        disabled={!hasTarget(row)}
        value={row.target}
        onChange={(e) => onChange({ ...row, target: e.target.value })}
      />
      <select
        className="select"
        aria-label={`${name} check`}
        value={row.op}
        onChange={(e) => onChange({ ...row, op: e.target.value as AssertionRow['op'] })}
      >
        {opsOf[row.type].map((op) => (
          <option key={op} value={op}>
            {opLabels[op]}
          </option>
        ))}
      </select>
      <input
        className="input mono"
        aria-label={`${name} expected`}
        placeholder={row.op === 'in' ? '200, 201, 2xx' : row.op === 'matches' ? 'regular expression' : ''}
        disabled={!hasValue(row)}
        value={hasValue(row) ? row.value : ''}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
      />
      <button type="button" className="btn btn-ghost" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
        Remove
      </button>
      {problem && (
        <span className="assertion-row-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}

export function AssertionsDialog({ path, onClose }: { path: string; onClose: () => void }): ReactElement {
  const workbench = useWorkbench()
  const entry = useStore(workbench.workspace, (s) => s.content?.requests.find((r) => r.path === path))
  const [rows, setRows] = useState<AssertionRow[]>(() => (entry?.request.assertions ?? []).map(rowOf))
  const [problems, setProblems] = useState<Array<string | undefined>>([])
  const [problem, setProblem] = useState<string>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!entry) return
    const read = rows.map(toAssertion)
    const found = read.map((r) => ('problem' in r ? r.problem : undefined))
    setProblems(found)
    if (found.some((p) => p !== undefined)) return
    const assertions = read.flatMap((r) => ('assertion' in r ? [r.assertion] : []))
    const { assertions: _old, ...request } = entry.request
    try {
      await saveFileFields(workbench, entry, assertions.length > 0 ? { ...request, assertions } : request)
      onClose()
    } catch (error) {
      setProblem(ApiError.fromUnknown(error).message)
    }
  }
  return (
    <ModalDialog title={`Assertions of ${path}`} className="assertions-dialog" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p className="muted">
          Checked after each send, beside the response, and by <code>wirebench call --request {path}</code> (exit code 1
          when one fails).
        </p>
        <div className="assertion-rows">
          {rows.length === 0 && <p className="muted">No assertions yet.</p>}
          {rows.map((row, index) => (
            <RowEditor
              key={index}
              row={row}
              index={index}
              problem={problems[index]}
              onChange={(next) => setRows(rows.map((r, i) => (i === index ? next : r)))}
              onRemove={() => {
                setRows(rows.filter((_, i) => i !== index))
                setProblems(problems.filter((_, i) => i !== index))
              }}
            />
          ))}
        </div>
        <button type="button" className="btn" onClick={() => setRows([...rows, newRow('status')])}>
          Add assertion
        </button>
        {problem && (
          <p className="save-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!entry}>
            Save assertions
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
