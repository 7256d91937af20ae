/** A binary payload in the inspector: a hexdump with offsets and the base64 text, each with a copy button. */
import { useMemo, useState, type ReactElement } from 'react'
import { formatBytes } from '../../components/format.js'
import { CopyButton } from '../auth/CopyButton.js'
import { base64ToBytes, hexdump } from './hexdump.js'

export function BinaryView({ base64 }: { base64: string }): ReactElement {
  const [view, setView] = useState<'hex' | 'base64'>('hex')
  const decoded = useMemo(() => {
    try {
      const bytes = base64ToBytes(base64)
      return { bytes: bytes.length, ...hexdump(bytes) }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }, [base64])
  const hexText =
    'lines' in decoded
      ? decoded.lines.join('\n') + (decoded.hiddenBytes > 0 ? `\n… ${formatBytes(decoded.hiddenBytes)} more` : '')
      : ''
  return (
    <div className="live-binary">
      <div className="live-binary-bar">
        <div className="segmented" role="group" aria-label="Show the bytes as">
          <button type="button" aria-pressed={view === 'hex'} onClick={() => setView('hex')}>
            Hex
          </button>
          <button type="button" aria-pressed={view === 'base64'} onClick={() => setView('base64')}>
            Base64
          </button>
        </div>
        <span className="muted">{'bytes' in decoded ? formatBytes(decoded.bytes) : 'Not base64'}</span>
        <CopyButton
          text={view === 'hex' ? hexText : base64}
          label={view === 'hex' ? 'Copy the hexdump' : 'Copy the base64'}
        />
      </div>
      {'error' in decoded && decoded.error ? (
        <div className="live-inspector-problem" role="alert">
          {decoded.error}
        </div>
      ) : (
        <pre className="live-binary-text mono" aria-label={view === 'hex' ? 'Hexdump' : 'Base64'} tabIndex={0}>
          {view === 'hex' ? hexText : base64}
        </pre>
      )}
    </div>
  )
}
