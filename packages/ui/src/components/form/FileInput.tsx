/** A file picker for binary fields: the value becomes `{filename, data}` with base64 data, as the invoke API expects. */
import { useState, type ReactElement } from 'react'
import { base64ByteLength, formatBytes } from '../format.js'
import { Icon } from '../Icon.js'

export interface FileValue {
  filename: string
  data: string
}

export interface FileInputProps {
  value: unknown
  onChange: (value: FileValue | undefined) => void
  id: string
  label: string
}

function isFileValue(value: unknown): value is FileValue {
  return typeof value === 'object' && value !== null && typeof (value as FileValue).filename === 'string'
}

/** Base64 of a file's bytes; FileReader avoids building a huge binary string by hand. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'))
    reader.readAsDataURL(file)
  })
}

export function FileInput({ value, onChange, id, label }: FileInputProps): ReactElement {
  const [error, setError] = useState<string | null>(null)
  const current = isFileValue(value) ? value : undefined
  const byteCount = current ? base64ByteLength(current.data) : 0
  return (
    <div className="file-input">
      <label className="btn file-input-button" htmlFor={id}>
        <Icon name="upload" size={14} />
        {current ? 'Replace file' : 'Choose file'}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) return
          readAsBase64(file).then(
            (data) => {
              setError(null)
              onChange({ filename: file.name, data })
            },
            (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
          )
        }}
      />
      {current ? (
        <span className="file-input-name">
          <Icon name="file" size={13} />
          <span className="mono">{current.filename}</span>
          <span className="muted">{formatBytes(byteCount)}</span>
          <button type="button" className="icon-btn" aria-label={`Clear ${label}`} onClick={() => onChange(undefined)}>
            <Icon name="close" size={12} />
          </button>
        </span>
      ) : (
        <span className="muted">No file chosen</span>
      )}
      {error && <span className="field-error">{error}</span>}
    </div>
  )
}
