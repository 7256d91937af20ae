/** The variables of one environment: name/value rows, secrets masked (with reveal), unknown `${name}` references flagged. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { unknownReferences } from './variable-rules.js'

export interface VariablesTableProps {
  vars: Readonly<Record<string, string>>
  onChange: (vars: Record<string, string>) => void
  /** Masked whatever the user marked (referenced by a secret auth field, or a secret-looking name). */
  autoSecret: ReadonlySet<string>
  marked: readonly string[]
  onToggleMark: (name: string) => void
  /** Names a save was refused for, with the reason (e.g. a name no template could reference). */
  refused?: ReadonlyMap<string, string>
}

interface Row {
  id: number
  name: string
  value: string
}

let rowIds = 0
const rowsOf = (vars: Readonly<Record<string, string>>): Row[] =>
  Object.entries(vars).map(([name, value]) => ({ id: ++rowIds, name, value }))

/** Rows without a name are kept on screen but not saved; on a duplicate name the last row wins. */
function recordOf(rows: readonly Row[]): Record<string, string> {
  const record: Record<string, string> = {}
  for (const row of rows) if (row.name.trim()) record[row.name.trim()] = row.value
  return record
}

const sameRecord = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  JSON.stringify(a) === JSON.stringify(b)

export function VariablesTable({
  vars,
  onChange,
  autoSecret,
  marked,
  onToggleMark,
  refused,
}: VariablesTableProps): ReactElement {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(vars))
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set())
  const [seen, setSeen] = useState(vars)
  // Another tab's document ("take theirs") replaces the rows; our own edits come back unchanged and keep them.
  if (vars !== seen) {
    setSeen(vars)
    if (!sameRecord(vars, recordOf(rows))) setRows(rowsOf(vars))
  }

  const update = (next: Row[]) => {
    setRows(next)
    onChange(recordOf(next))
  }
  const patch = (id: number, change: Partial<Row>) => update(rows.map((r) => (r.id === id ? { ...r, ...change } : r)))
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.name.trim(), (counts.get(row.name.trim()) ?? 0) + 1)

  return (
    <div className="vars-table">
      <div className="vars-head" aria-hidden="true">
        <span>Name</span>
        <span>Value</span>
      </div>
      {rows.length === 0 && (
        <p className="muted vars-empty">No variables yet. Reference one as ${'{name}'} anywhere.</p>
      )}
      <ul className="vars-rows" aria-label="Variables">
        {rows.map((row) => {
          const name = row.name.trim()
          const isAuto = autoSecret.has(name)
          const isSecret = isAuto || marked.includes(name)
          const isShown = !isSecret || revealed.has(row.id)
          const unknown = unknownReferences(row.value, recordOf(rows))
          const problem =
            !name && row.value
              ? 'Give this variable a name.'
              : (counts.get(name) ?? 0) > 1
                ? 'Duplicate name: the last one is used.'
                : (refused?.get(name) ?? null)
          return (
            <li key={row.id} className="vars-row" data-variable={name}>
              <input
                className="input mono"
                value={row.name}
                placeholder="name"
                aria-label="Variable name"
                aria-invalid={problem ? true : undefined}
                spellCheck={false}
                onChange={(e) => patch(row.id, { name: e.target.value })}
              />
              <input
                className="input mono vars-value"
                type={isShown ? 'text' : 'password'}
                autoComplete="new-password"
                value={row.value}
                placeholder="value"
                aria-label={`Value of ${name || 'the new variable'}`}
                data-secret={isSecret ? 'true' : undefined}
                spellCheck={false}
                onChange={(e) => patch(row.id, { value: e.target.value })}
              />
              <div className="vars-actions">
                {isSecret && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={isShown ? `Hide ${name}` : `Reveal ${name}`}
                    aria-pressed={isShown}
                    title={isShown ? 'Hide the value' : 'Reveal the value'}
                    onClick={() => {
                      const next = new Set(revealed)
                      if (next.has(row.id)) next.delete(row.id)
                      else next.add(row.id)
                      setRevealed(next)
                    }}
                  >
                    <Icon size={15} name={isShown ? 'eyeOff' : 'eye'} />
                  </button>
                )}
                <button
                  type="button"
                  className={`icon-btn secret-toggle${isSecret ? ' is-on' : ''}`}
                  aria-label={`Secret: ${name || 'new variable'}`}
                  aria-pressed={isSecret}
                  disabled={isAuto || !name}
                  title={
                    isAuto
                      ? 'Masked: an auth secret field references it, or its name says it is a secret'
                      : isSecret
                        ? 'Marked secret in this browser: click to show it plainly'
                        : 'Mark as secret (masked)'
                  }
                  onClick={() => onToggleMark(name)}
                >
                  <Icon size={15} name="key" />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={`Remove ${name || 'variable'}`}
                  onClick={() => update(rows.filter((r) => r.id !== row.id))}
                >
                  <Icon name="close" size={14} />
                </button>
              </div>
              {(problem || unknown.length > 0) && (
                <div className="vars-note" role="status">
                  {problem}
                  {unknown.length > 0 && (
                    <span className="unknown-refs">
                      Unknown:{' '}
                      {unknown.map((n) => (
                        <code key={n}>${`{${n}}`}</code>
                      ))}{' '}
                      stays as written when sent.
                    </span>
                  )}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className="btn btn-ghost vars-add"
        onClick={() => setRows([...rows, { id: ++rowIds, name: '', value: '' }])}
      >
        <Icon name="plus" size={14} /> Add variable
      </button>
    </div>
  )
}
