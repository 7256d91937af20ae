/**
 * The response viewer's chain action: copies the reference that reads a value of this tab's response into another
 * request — `${response.…}` for an unsaved tab, the saved request's named form (`${smoke/login.response.…}`) for a
 * saved one, which any tab can use — and says so in a toast.
 */
import { chainReferenceFor } from '@wirebench/core'
import { useCallback } from 'react'
import { useStore } from 'zustand'
import { toasts } from '../../components/toast-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'

const NO_PREFIX: readonly string[] = []

export function useChainAction(
  draftKey: string | undefined,
  prefix: readonly string[] = NO_PREFIX,
): (path: string[]) => void {
  const { tabs } = useWorkbench()
  const savedPath = useStore(tabs, (s) =>
    draftKey === undefined ? undefined : s.tabs.find((tab) => tab.key === draftKey)?.savedPath,
  )
  return useCallback(
    (path: string[]) => {
      const reference = chainReferenceFor([...prefix, ...path], savedPath)
      const show = toasts.getState().show
      if (!reference) {
        show('This key holds "}", which no ${…} reference can carry: it cannot be chained.')
        return
      }
      const fallback = () => show(`Copy this reference: ${reference}`)
      try {
        navigator.clipboard
          .writeText(reference)
          .then(() => show(`Copied ${reference}: paste it into another request`), fallback)
      } catch {
        // No clipboard outside a secure context: the toast shows the reference to copy by hand.
        fallback()
      }
    },
    [prefix, savedPath],
  )
}
