/** The SSE response pane: the events in the live log, with id, event and retry, and the event-type filter. */
import type { ReactElement } from 'react'
import { LiveResponsePane } from '../../features/live/LiveResponsePane.js'
import type { PaneProps } from '../protocol-ui.js'

export function SseResponsePane({ target }: PaneProps): ReactElement {
  return (
    <LiveResponsePane
      target={target}
      flavor="sse"
      emptyTitle="No events yet"
      emptyHint={
        <>
          Press <strong>Start</strong> or <kbd>Ctrl</kbd> <kbd>Enter</kbd> to open the stream.
        </>
      }
    />
  )
}
