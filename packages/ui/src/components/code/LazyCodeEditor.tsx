/** Loads CodeMirror on first use only, keeping it out of the JavaScript shipped for the first view. */
import { lazy, Suspense, type ReactElement } from 'react'
import { Spinner } from '../Spinner.js'
import type { CodeEditorProps } from './CodeEditor.js'

const CodeEditor = lazy(() => import('./CodeEditor.js').then((module) => ({ default: module.CodeEditor })))

export function LazyCodeEditor(props: CodeEditorProps): ReactElement {
  return (
    <Suspense
      fallback={
        <div className="code-editor code-editor-loading">
          <Spinner label="Loading editor" />
        </div>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  )
}
