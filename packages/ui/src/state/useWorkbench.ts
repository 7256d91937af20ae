/** The page's Workbench; throws when a component renders outside the provider (a wiring bug, not a user error). */
import { useContext } from 'react'
import type { Workbench } from './workbench.js'
import { WorkbenchContext } from './WorkbenchContext.js'

export function useWorkbench(): Workbench {
  const workbench = useContext(WorkbenchContext)
  if (!workbench) throw new Error('useWorkbench must be used inside <WorkbenchContext.Provider>.')
  return workbench
}
