/** An editable list of name/value rows (request headers, gRPC metadata) with a blank row always at the end. */
import type { ReactElement } from 'react'
import { newHeaderRow, type HeaderRow } from '../state/drafts-store.js'
import { Icon } from './Icon.js'

export interface KeyValueEditorProps {
  rows: readonly HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
  namePlaceholder?: string
  valuePlaceholder?: string
  label: string
}

export function KeyValueEditor(props: KeyValueEditorProps): ReactElement {
  const { rows, onChange, namePlaceholder = 'Name', valuePlaceholder = 'Value', label } = props
  // A trailing blank row lets the user type a new entry without pressing "add" first.
  const display = rows.length && !rows[rows.length - 1]?.name && !rows[rows.length - 1]?.value ? rows : [...rows, blank]

  const update = (index: number, patch: Partial<HeaderRow>) => {
    const next = display.map((row, i) => (i === index ? { ...row, ...patch } : row))
    if (index === display.length - 1 && display[index] === blank) next[index] = { ...newHeaderRow(), ...patch }
    onChange(next.filter((row) => row !== blank))
  }

  return (
    <div className="kv-editor" role="table" aria-label={label}>
      {display.map((row, index) => {
        const isBlank = row === blank
        return (
          <div className="kv-row" role="row" key={isBlank ? 'blank' : row.id}>
            <input
              type="checkbox"
              className={`kv-check${isBlank ? ' is-blank' : ''}`}
              checked={row.isEnabled}
              disabled={isBlank}
              aria-label="Send this entry"
              onChange={(e) => update(index, { isEnabled: e.target.checked })}
            />
            <input
              className="input mono"
              value={row.name}
              placeholder={namePlaceholder}
              aria-label={`${label} name`}
              onChange={(e) => update(index, { name: e.target.value })}
            />
            <input
              className="input mono"
              value={row.value}
              placeholder={valuePlaceholder}
              aria-label={`${label} value`}
              onChange={(e) => update(index, { value: e.target.value })}
            />
            <button
              type="button"
              className={`icon-btn${isBlank ? ' is-blank' : ''}`}
              aria-label="Remove entry"
              disabled={isBlank}
              onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
            >
              <Icon name="close" size={14} />
            </button>
          </div>
        )
      })}
    </div>
  )
}

const blank: HeaderRow = Object.freeze({ id: 'blank', name: '', value: '', isEnabled: true })
