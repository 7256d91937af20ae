/** Performs a hint's action against the page's stores: the one place hint actions touch the rest of the UI. */
import { activeEnvironment } from '../../state/environments-store.js'
import type { Workbench } from '../../state/workbench.js'
import type { Hint } from './hint.js'
import { unknownVariablesHint } from './page-rules.js'

export function runHintAction(workbench: Workbench, hint: Hint): void {
  const { action } = hint
  switch (action.kind) {
    case 'open-console':
      workbench.console.store.getState().setOpen(true)
      return
    case 'open-auth':
      workbench.environmentEditor.getState().open('auth')
      return
    case 'define-variable': {
      const environments = workbench.environments.getState()
      // Without an active environment there is nowhere to define it: a new one is made (and becomes active).
      const id =
        activeEnvironment(environments)?.id ??
        (environments.phase === 'ready' ? environments.create('New environment') : '')
      const environment = workbench.environments.getState().document.environments.find((env) => env.id === id)
      // An empty value makes the name known at once; the editor lands on its row for the user to fill in.
      if (environment && !(action.name in environment.vars)) {
        workbench.environments.getState().setVars(environment.id, { ...environment.vars, [action.name]: '' })
      }
      // The name is known now: the hint moves on to the next unknown one, or goes.
      const next = hint.targetKey !== undefined ? unknownVariablesHint(hint.targetKey, action.others) : undefined
      workbench.hints.store
        .getState()
        .replace({ targetKey: hint.targetKey, kinds: ['unknown-variables'] }, next ? [next] : [])
      workbench.environmentEditor.getState().open('variables', { variable: action.name })
      return
    }
    case 'show-response-view':
      if (hint.targetKey !== undefined) workbench.hints.store.getState().requestView(hint.targetKey, action.view)
      return
    case 'open-schema-files': {
      const selection = workbench.selection.getState()
      selection.setSidebarTab('files')
      selection.setDrawerOpen(true)
      return
    }
    case 'search-methods':
      workbench.selection.getState().setQuery(action.query)
      workbench.selection.getState().requestSearchFocus()
      return
  }
}
