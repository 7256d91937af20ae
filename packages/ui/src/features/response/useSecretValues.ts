/** The active environment's secret values (see secret-values.ts), recomputed when the environment or its marks change. */
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { activeEnvironment } from '../../state/environments-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { useSecretMarks } from '../environments/secret-marks.js'
import { secretValuesOf } from './secret-values.js'

export function useSecretValues(): string[] {
  const { environments } = useWorkbench()
  const environment = useStore(environments, activeEnvironment)
  const { marked } = useSecretMarks(environment?.id ?? '')
  return useMemo(() => secretValuesOf(environment, marked), [environment, marked])
}
