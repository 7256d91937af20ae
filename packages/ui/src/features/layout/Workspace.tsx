/** The three columns under the top bar (sidebar | request | response), resizable, collapsing on narrow screens. */
import { useRef, type CSSProperties, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ResizeHandle } from '../../components/ResizeHandle.js'
import { protocolUi } from '../../protocols/registry.js'
import { useSelectedMethod } from '../../state/useSelectedMethod.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { ResponseWithBenchmark } from '../benchmark/ResponseWithBenchmark.js'
import { Sidebar } from '../sidebar/Sidebar.js'
import { UndiscoveredRequestPane } from '../request/UndiscoveredRequestPane.js'
import { GenericResponsePane } from '../../protocols/generic/GenericResponsePane.js'
import { RestResponsePane } from '../../protocols/rest/RestResponsePane.js'
import { TabStrip } from '../tabs/TabStrip.js'
import { ToastView } from '../../components/ToastView.js'
import { ConsoleDock } from '../console/ConsoleDock.js'
import { HintsStrip } from '../hints/HintsStrip.js'
import { useDrawerFocusReturn } from './useDrawerFocusReturn.js'
import { useDrawerSliding } from './useDrawerSliding.js'
import { useNarrowPaneScroll } from './useNarrowPaneScroll.js'
import { Welcome } from './Welcome.js'

const httpProtocols = new Set(['rest', 'http'])

export function Workspace(): ReactElement {
  const { prefs, selection } = useWorkbench()
  const sidebarWidth = useStore(prefs, (s) => s.sidebarWidth)
  const requestShare = useStore(prefs, (s) => s.requestShare)
  const isDrawerOpen = useStore(selection, (s) => s.isDrawerOpen)
  const isDrawerSliding = useDrawerSliding(isDrawerOpen)
  const target = useSelectedMethod()
  const mainRef = useRef<HTMLDivElement>(null)
  // A request whose service is not discovered has no schema: the raw JSON pane and the generic response pane.
  const ui = target
    ? target.isUndiscovered
      ? {
          RequestPane: UndiscoveredRequestPane,
          // HTTP answers (REST, a plain http request from curl) show their status code and headers.
          ResponsePane: httpProtocols.has(target.service.protocol) ? RestResponsePane : GenericResponsePane,
        }
      : protocolUi(target.service.protocol)
    : null
  useNarrowPaneScroll(mainRef, target?.key)
  useDrawerFocusReturn(selection, mainRef)

  const style = {
    '--sidebar-w': `${sidebarWidth}px`,
    '--request-share': `${requestShare}fr`,
    '--response-share': `${1 - requestShare}fr`,
  } as CSSProperties
  return (
    <div
      className={`workspace${isDrawerOpen ? ' drawer-open' : ''}${isDrawerSliding ? ' drawer-sliding' : ''}`}
      style={style}
    >
      <Sidebar />
      <ResizeHandle
        label="Resize the sidebar"
        onResize={(x) => prefs.getState().setSidebarWidth(x)}
        onStep={(d) => prefs.getState().setSidebarWidth(sidebarWidth + d)}
      />
      <div className="drawer-scrim" onClick={() => selection.getState().setDrawerOpen(false)} aria-hidden="true" />
      <div className="main-column">
        <TabStrip />
        <main className="main" ref={mainRef}>
          {target && ui ? (
            <>
              <ui.RequestPane key={target.key} target={target} />
              <ResizeHandle
                label="Resize the request and response panes"
                onResize={(x) => {
                  const box = mainRef.current?.getBoundingClientRect()
                  if (box) prefs.getState().setRequestShare((x - box.left) / box.width)
                }}
                onStep={(d) => prefs.getState().setRequestShare(requestShare + d / 1000)}
              />
              <ResponseWithBenchmark key={`${target.key}:response`} target={target} ResponsePane={ui.ResponsePane} />
            </>
          ) : (
            <Welcome />
          )}
        </main>
        <HintsStrip targetKey={target?.key} />
        <ConsoleDock />
      </div>
      <ToastView />
    </div>
  )
}
