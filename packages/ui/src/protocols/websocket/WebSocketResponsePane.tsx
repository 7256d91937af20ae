/** The WebSocket response pane: the channel's live log (frames both ways, pings and pongs, the close). */
import type { ReactElement } from 'react'
import { LiveResponsePane } from '../../features/live/LiveResponsePane.js'
import type { PaneProps } from '../protocol-ui.js'

export function WebSocketResponsePane({ target }: PaneProps): ReactElement {
  return (
    <LiveResponsePane
      target={target}
      flavor="websocket"
      emptyTitle="Not connected"
      emptyHint={
        <>
          Press <strong>Connect</strong>, or write a message and press <kbd>Ctrl</kbd> <kbd>Enter</kbd> to connect and
          send it.
        </>
      }
    />
  )
}
