/** Lets a response pane follow the views a hint's action asks for (Timing, Find, validation problems) on its tab. */
import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { ResponseViewRequest } from './hint.js'

export function useHintedView(draftKey: string | undefined, onView: (view: ResponseViewRequest) => void): void {
  const { hints } = useWorkbench()
  const request = useStore(hints.store, (s) => s.viewRequest)
  // Requests made before this pane mounted were for another render of it.
  const heardSeq = useRef(request?.seq ?? 0)
  const onViewRef = useRef(onView)
  useEffect(() => {
    onViewRef.current = onView
  })
  // Tells the rules this tab's pane can act on Timing/Find/problems, so they may offer them.
  useEffect(() => {
    if (draftKey !== undefined) hints.store.getState().followViews(draftKey)
  }, [hints.store, draftKey])
  useEffect(() => {
    if (!request || request.seq === heardSeq.current) return
    heardSeq.current = request.seq
    if (request.targetKey === draftKey) onViewRef.current(request.view)
  }, [request, draftKey])
}
