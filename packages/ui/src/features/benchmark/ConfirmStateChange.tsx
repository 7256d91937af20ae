/**
 * Asks before a benchmark repeats a method that may change the server's data: the method, why it is not known to be
 * safe and how many calls the run makes. The server refused without the consent.
 */
import type { ReactElement } from 'react'
import { ConfirmInline } from '../../components/ConfirmInline.js'
import type { StateChange } from './bench-store.js'

export interface ConfirmStateChangeProps {
  change: StateChange
  onRun: () => void
  onDismiss: () => void
}

export function ConfirmStateChange({ change, onRun, onDismiss }: ConfirmStateChangeProps): ReactElement {
  return (
    <ConfirmInline
      label={`Benchmark ${change.method}?`}
      runLabel={`Run ${change.calls}`}
      onRun={onRun}
      onDismiss={onDismiss}
    >
      <strong>{change.method}</strong> may change the server&apos;s data ({change.reason}). This benchmark would send it{' '}
      <strong>{change.calls}</strong>. Run it anyway?
    </ConfirmInline>
  )
}
