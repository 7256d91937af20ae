/**
 * The response column of a unary method: the protocol's response pane, and beside it a Benchmark tab that repeats the
 * pane's request under load. The benchmark code (charts included) loads only when the tab is first opened.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react'
import { Tabs } from '../../components/Tabs.js'
import type { PaneProps } from '../../protocols/protocol-ui.js'

const BenchmarkPanel = lazy(() => import('./BenchmarkPanel.js'))

type AreaTab = 'response' | 'benchmark'

const tabs = [
  { id: 'response' as const, label: 'Response' },
  { id: 'benchmark' as const, label: 'Benchmark', title: 'Repeat this request under load and chart its latency' },
]

export interface ResponseWithBenchmarkProps extends PaneProps {
  ResponsePane: ComponentType<PaneProps>
}

export function ResponseWithBenchmark({ target, ResponsePane }: ResponseWithBenchmarkProps): ReactElement {
  const [tab, setTab] = useState<AreaTab>('response')
  if (target.method.methodType !== 'Unary') return <ResponsePane target={target} />
  return (
    <div className="response-area">
      <Tabs idPrefix="response-area" label="Response or benchmark" selected={tab} onSelect={setTab} items={tabs} />
      <div
        className="response-area-panel"
        id="response-area-panel"
        role="tabpanel"
        aria-labelledby={`response-area-tab-${tab}`}
      >
        {tab === 'response' ? (
          <ResponsePane target={target} />
        ) : (
          <Suspense fallback={<p className="muted bench-loading">Loading the benchmark…</p>}>
            <BenchmarkPanel target={target} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
