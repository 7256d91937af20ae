/** One auth field rendered from its declaration: text, masked secret, multiline, PEM (with file pick), select, boolean, JSON. */
import { useId, useState, type ReactElement } from 'react'
import type { AuthField } from '@wirebench/auth'
import { Icon } from '../../components/Icon.js'
import { CopyButton } from './CopyButton.js'
import { PemInput } from './PemInput.js'

export interface AuthFieldInputProps {
  field: AuthField
  label: string
  /** The stored value; read-only fields get theirs from the page (redirect URI). */
  value: string | boolean
  onChange: (value: string | boolean) => void
  /** `${name}` references nothing defines. */
  unknown: readonly string[]
  /** A secret that holds PEM text here (JWT with an RSA/ECDSA algorithm): edited as a hidden multi-line PEM. */
  isPem?: boolean
}

/** Checks a JSON template the way it will be parsed: after substitution, so `${x}` placeholders count as values. */
function jsonProblem(text: string): string | null {
  if (!text.trim()) return null
  try {
    JSON.parse(text.replace(/\$\{[^}]*\}/g, '0'))
    return null
  } catch (error) {
    return error instanceof Error ? error.message : 'Not valid JSON.'
  }
}

export function AuthFieldInput({ field, label, value, onChange, unknown, isPem }: AuthFieldInputProps): ReactElement {
  const id = useId()
  const [isRevealed, setRevealed] = useState(false)
  const text = typeof value === 'string' ? value : ''
  const problem = field.kind === 'json' ? jsonProblem(text) : null

  if (field.kind === 'boolean') {
    return (
      <div className="auth-field auth-field-boolean" data-auth-field={field.key}>
        <label className="auth-check">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
        {field.help && <p className="auth-help">{field.help}</p>}
      </div>
    )
  }

  // A single-line input would drop the line breaks of a pasted key, so PEM text always gets the PEM editor.
  const kind = field.kind === 'secret' && (isPem || text.includes('-----BEGIN')) ? 'pem' : field.kind
  let control: ReactElement
  switch (kind) {
    case 'select':
      control = (
        <select id={id} className="select" value={text} onChange={(e) => onChange(e.target.value)}>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )
      break
    case 'pem':
      control = <PemInput id={id} label={label} value={text} isSecret={field.secret === true} onChange={onChange} />
      break
    case 'multiline':
    case 'json':
      control = (
        <textarea
          id={id}
          className="textarea"
          rows={field.kind === 'json' ? 3 : 4}
          value={text}
          placeholder={field.placeholder}
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )
      break
    case 'text':
    case 'secret': {
      const isMasked = field.kind === 'secret' && !isRevealed
      control = (
        <div className="auth-input-row">
          <input
            id={id}
            className="input mono"
            type={isMasked ? 'password' : 'text'}
            autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
            value={text}
            placeholder={field.placeholder}
            readOnly={field.readOnly}
            spellCheck={false}
            data-secret={field.kind === 'secret' ? 'true' : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          {field.kind === 'secret' && (
            <button
              type="button"
              className="icon-btn"
              aria-label={isRevealed ? `Hide ${label}` : `Reveal ${label}`}
              aria-pressed={isRevealed}
              onClick={() => setRevealed(!isRevealed)}
            >
              <Icon size={15} name={isRevealed ? 'eyeOff' : 'eye'} />
            </button>
          )}
          {field.readOnly && <CopyButton text={text} label={`Copy ${label}`} />}
        </div>
      )
      break
    }
  }

  return (
    <div className="auth-field" data-auth-field={field.key}>
      <label className="auth-label" htmlFor={id}>
        {label}
        {field.optional && <span className="auth-optional">optional</span>}
        {field.readOnly && <span className="auth-optional">read-only</span>}
        {field.memoryOnly && <span className="auth-optional">this tab only, not saved</span>}
      </label>
      {control}
      {problem && <p className="auth-warn">Not valid JSON: {problem}</p>}
      {unknown.length > 0 && (
        <p className="auth-warn unknown-refs">
          Unknown{' '}
          {unknown.map((n) => (
            <code key={n}>${`{${n}}`}</code>
          ))}
          : add it to the variables, or it is sent as written.
        </p>
      )}
      {field.help && <p className="auth-help">{field.help}</p>}
    </div>
  )
}
