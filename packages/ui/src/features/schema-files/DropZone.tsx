/** A drop target for schema files that also opens a file picker; reports the whole selection at once. */
import { useRef, useState, type DragEvent, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export const SCHEMA_EXTENSIONS = ['.json', '.yaml', '.yml', '.proto'] as const

export interface DropZoneProps {
  onFiles: (files: File[]) => void
  isBusy: boolean
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files')
}

export function DropZone({ onFiles, isBusy }: DropZoneProps): ReactElement {
  const [isOver, setOver] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <div
      className={`drop-zone${isOver ? ' is-over' : ''}`}
      data-testid="schema-drop-zone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        const files = Array.from(e.dataTransfer.files)
        if (files.length) onFiles(files)
      }}
    >
      <Icon name="upload" size={22} className="drop-zone-icon" />
      <div className="drop-zone-title">Drop schema files here</div>
      <div className="drop-zone-hint muted">OpenAPI / Swagger (.json, .yaml, .yml) or .proto</div>
      <div className="drop-zone-hint muted">Select .proto files that import each other together.</div>
      <button type="button" className="btn" disabled={isBusy} onClick={() => inputRef.current?.click()}>
        Choose files…
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={SCHEMA_EXTENSIONS.join(',')}
        className="visually-hidden"
        aria-label="Schema files to upload"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? [])
          e.target.value = ''
          if (files.length) onFiles(files)
        }}
      />
    </div>
  )
}
