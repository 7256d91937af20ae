/** Loads the export dialog (and the CodeMirror languages of its preview) on its first open only. */
import { lazy, Suspense, type ReactElement } from 'react'
import type { ExportDialogProps } from './ExportDialog.js'

const ExportDialog = lazy(() => import('./ExportDialog.js').then((module) => ({ default: module.ExportDialog })))

export function LazyExportDialog(props: ExportDialogProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <ExportDialog {...props} />
    </Suspense>
  )
}
