/** The Request and Timing tabs every unary response view adds when the result says what was sent and how long it took. */
import type { ReactElement } from 'react'
import type { InvokeResult } from '@wirebench/core'
import type { TabItem } from '../../components/Tabs.js'
import { SentRequestView } from './SentRequestView.js'
import { TimingView } from './TimingView.js'

export type SentTab = 'request' | 'timing'

export function sentTabItems(result: InvokeResult): Array<TabItem<SentTab>> {
  const items: Array<TabItem<SentTab>> = []
  if (result.sent) items.push({ id: 'request', label: 'Request', title: 'What was sent (credentials masked)' })
  if (result.timings) items.push({ id: 'timing', label: 'Timing', title: 'How long each phase of the call took' })
  return items
}

export function isSentTab(tab: string): tab is SentTab {
  return tab === 'request' || tab === 'timing'
}

export function SentTabPanel({ tab, result }: { tab: SentTab; result: InvokeResult }): ReactElement | null {
  if (tab === 'request') return result.sent ? <SentRequestView sent={result.sent} /> : null
  return result.timings ? <TimingView timings={result.timings} /> : null
}
