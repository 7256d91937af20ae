/** A PEM text area with a file picker; a secret PEM (private key) stays hidden until the user reveals it. */
import { useRef, useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export interface PemInputProps {
  id: string
  label: string
  value: string
  isSecret: boolean
  onChange: (value: string) => void
}

// A PEM bundle is a few KB; anything far larger is not a key or certificate.
const MAX_PEM_BYTES = 256 * 1024

function summary(value: string): string {
  const header = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(value)?.[1]
  return `${header ?? 'PEM'} · ${value.length.toLocaleString()} characters, hidden`
}

export function PemInput({ id, label, value, isSecret, onChange }: PemInputProps): ReactElement {
  const [isRevealed, setRevealed] = useState(false)
  const [fileError, setFileError] = useState<string | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const isHidden = isSecret && !isRevealed && value.length > 0

  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_PEM_BYTES) {
      setFileError(
        `${file.name} is ${Math.round(file.size / 1024)} KB; a PEM file is a few KB. Pick the key or certificate file.`,
      )
      return
    }
    const text = await file.text()
    setFileError(text.includes('-----BEGIN') ? null : `${file.name} has no -----BEGIN line; is it a PEM file?`)
    onChange(text.trim() + '\n')
  }

  return (
    <div className="pem-input">
      {isHidden ? (
        <div className="pem-hidden mono" id={id} aria-label={label}>
          {summary(value)}
        </div>
      ) : (
        <textarea
          id={id}
          className="textarea pem-text"
          rows={5}
          value={value}
          spellCheck={false}
          placeholder={'-----BEGIN …-----\n…\n-----END …-----'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <div className="pem-actions">
        <button type="button" className="btn btn-ghost" onClick={() => picker.current?.click()}>
          <Icon name="file" size={14} /> Choose file…
        </button>
        {isSecret && value.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={isRevealed}
            onClick={() => setRevealed(!isRevealed)}
          >
            <Icon size={15} name={isRevealed ? 'eyeOff' : 'eye'} /> {isRevealed ? 'Hide' : 'Reveal'}
          </button>
        )}
        <input
          ref={picker}
          type="file"
          hidden
          accept=".pem,.key,.crt,.cer,.txt"
          aria-label={`${label} file`}
          onChange={(e) => {
            void pick(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      {fileError && <p className="auth-warn">{fileError}</p>}
    </div>
  )
}
