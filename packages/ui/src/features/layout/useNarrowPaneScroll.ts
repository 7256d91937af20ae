/**
 * The one-column layout of narrow screens scrolls request and response as one page: opening another operation starts
 * at its top (not where the previous one was scrolled to), and a call that starts brings its response pane into view,
 * which would otherwise sit a screen or more below the Send button with nothing visible changing.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react'
import { liveStoreOf } from '../../state/live-runtime.js'
import { useWorkbench } from '../../state/useWorkbench.js'

/** Where the layout turns into one column (layout.css). */
export const NARROW_LAYOUT_QUERY = '(max-width: 820px)'

export function useNarrowPaneScroll(mainRef: RefObject<HTMLElement | null>, targetKey: string | undefined): void {
  const workbench = useWorkbench()

  useLayoutEffect(() => {
    mainRef.current?.scrollTo({ top: 0 })
  }, [mainRef, targetKey])

  useEffect(() => {
    if (targetKey === undefined) return undefined
    const live = liveStoreOf(workbench)
    const reveal = () => {
      if (!window.matchMedia(NARROW_LAYOUT_QUERY).matches) return
      // After the render that shows the new call: the pane may be a new element by then.
      requestAnimationFrame(() => {
        const pane = mainRef.current?.querySelector<HTMLElement>('.response-pane')
        if (!pane || pane.getBoundingClientRect().top < window.innerHeight * 0.6) return
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        pane.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
      })
    }
    let lastStarted = workbench.calls.getState().calls[targetKey]?.startedAt
    const stopCalls = workbench.calls.subscribe((state) => {
      const started = state.calls[targetKey]?.startedAt
      if (started === undefined || started === lastStarted) return
      lastStarted = started
      reveal()
    })
    let lastLive = live.getState().byTarget[targetKey]
    const stopLive = live.subscribe((state) => {
      const id = state.byTarget[targetKey]
      if (id === undefined || id === lastLive) return
      lastLive = id
      // A channel is driven from the composer in the request pane: it stays where the user types.
      if (state.calls[id]?.mode === 'stream') reveal()
    })
    return () => {
      stopCalls()
      stopLive()
    }
  }, [workbench, mainRef, targetKey])
}
