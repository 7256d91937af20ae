/** Asks the server for the snippet of the pane's request whenever the dialog's choices change. */
import { useEffect, useState } from 'react'
import type { ExportFormat, ExportResponse } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import type { MethodRef } from '../../state/catalog.js'
import { withOutgoingAuth } from '../../state/outgoing-api.js'
import type { Workbench } from '../../state/workbench.js'
import { chainExportVariables, exportedCallOf, exportVariablesOf, referencedNamesOf } from './export-request.js'

export interface SnippetChoices {
  format: ExportFormat | undefined
  includeSecrets: boolean
  resolveVariables: boolean
}

export interface SnippetState {
  snippet?: ExportResponse
  error?: ApiError
  /** A newer answer is on its way (the one shown, if any, is for earlier choices). */
  isLoading: boolean
}

export interface ExportedRequestSource {
  target: MethodRef
  serverUrl: string | undefined
  /** The messages to export instead of the draft's (read when the dialog opened). */
  messages?: unknown[] | undefined
}

export function useSnippet(workbench: Workbench, source: ExportedRequestSource, choices: SnippetChoices): SnippetState {
  const { format, includeSecrets, resolveVariables } = choices
  const { target, serverUrl, messages } = source
  // The answer names the choices it is for: loading is "the latest answer is not for the current choices".
  const key = `${format ?? ''}|${String(includeSecrets)}|${String(resolveVariables)}`
  const [answer, setAnswer] = useState<{ key: string; snippet?: ExportResponse; error?: ApiError }>()
  useEffect(() => {
    if (!format) return undefined
    const controller = new AbortController()
    // Read when asked, like Send: the snippet is the request on screen now.
    const { request, finalize } = exportedCallOf(workbench, target, serverUrl, messages)
    const outgoing = withOutgoingAuth(workbench.api, workbench.auth)
    const chained = chainExportVariables(request, workbench.responses.resolverFor(target.key))
    const variables = [...exportVariablesOf(workbench, referencedNamesOf(request)), ...chained]
    void outgoing
      .exportCall({ ...request, format, includeSecrets, resolveVariables, variables }, controller.signal, {
        finalizeMessages: finalize,
        draftKey: target.key,
      })
      .then(
        (snippet) => setAnswer({ key, snippet }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ key, error: ApiError.fromUnknown(error) })
        },
      )
    return () => controller.abort()
  }, [workbench, target, serverUrl, messages, format, includeSecrets, resolveVariables, key])
  const isLoading = answer?.key !== key
  if (!answer) return { isLoading }
  return {
    isLoading,
    ...(answer.snippet ? { snippet: answer.snippet } : {}),
    ...(answer.error ? { error: answer.error } : {}),
  }
}
