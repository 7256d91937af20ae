/**
 * The numbers of a live call: received, sent, rate, elapsed, and what was dropped by the server, evicted by the log's
 * caps or cleared to keep the tab's memory bounded.
 */
import type { ReactElement } from 'react'
import { formatBytes } from '../../components/format.js'
import type { LiveCallState } from '../../state/live-store.js'
import { StatusBadge } from '../response/StatusBadge.js'
import { formatElapsed, formatRate } from './live-format.js'
import { liveStatusView, type LiveOutcomeKind } from './live-status.js'
import { isLiveActive } from './useLiveCall.js'
import { useTicker } from './useTicker.js'

export function LiveStats({ call, kind }: { call: LiveCallState; kind: LiveOutcomeKind }): ReactElement {
  const isActive = isLiveActive(call)
  const now = useTicker(isActive)
  const at = isActive ? Math.max(now, call.startedAt) : (call.endedAt ?? now)
  const view = liveStatusView(call, kind)
  const rate = isActive ? call.meter.rate(at) : 0
  return (
    <div className="live-stats">
      <span title={view.sentence}>
        <StatusBadge label={view.label} tone={view.tone} />
      </span>
      <Stat label="Received" value={call.received.toLocaleString()} title="Messages received" />
      {call.mode === 'channel' && (
        <Stat
          label="Sent"
          value={call.sent.toLocaleString()}
          title={call.refused ? `${call.refused.toLocaleString()} refused by the server` : 'Messages sent'}
          tone={call.refused ? 'warn' : undefined}
        />
      )}
      <Stat label="Rate" value={formatRate(rate)} title="Messages received per second over the last second" />
      <Stat label="Elapsed" value={formatElapsed(at - call.startedAt)} title="Time since the call started" />
      {call.dropped > 0 && (
        <Stat
          label="Dropped"
          value={call.dropped.toLocaleString()}
          tone="warn"
          title="Messages the server dropped because the page fell behind (drop-oldest policy)"
        />
      )}
      {call.evicted > 0 && (
        <Stat
          label="Evicted"
          value={call.evicted.toLocaleString()}
          tone="warn"
          title={`Oldest entries removed from the log to keep it within ${call.log.capacity.toLocaleString()} entries and about ${formatLogBudget(call.log.maxBytes)} (still counted above)`}
        />
      )}
      {call.memoryCleared > 0 && (
        <Stat
          label="Cleared"
          value={call.memoryCleared.toLocaleString()}
          tone="warn"
          title="This ended call's log was cleared to keep the live logs of this tab within their memory budget (still counted above)"
        />
      )}
    </div>
  )
}

function formatLogBudget(bytes: number): string {
  return Number.isFinite(bytes) ? formatBytes(bytes) : 'any size'
}

function Stat(props: { label: string; value: string; title: string; tone?: 'warn' }): ReactElement {
  return (
    <span className={`live-stat${props.tone ? ` is-${props.tone}` : ''}`} title={props.title}>
      <span className="muted">{props.label}</span> <span className="mono">{props.value}</span>
    </span>
  )
}
