/**
 * A curl command pasted where a URL goes: parsed by the server's importer (`POST /api/import/preview`) and opened as
 * a request in a new tab, unsaved, with what did not map said in a toast.
 */
import { ApiError } from '../../api/api-error.js'
import { toasts } from '../../components/toast-store.js'
import { openUnsaved } from '../../state/tab-actions.js'
import type { Workbench } from '../../state/workbench.js'

export function isCurlCommand(text: string): boolean {
  return /^\s*curl\s/i.test(text)
}

/** A multi-line command on one line: `\` (or `^` from Windows' "Copy as cURL (cmd)") line continuations joined. */
export function joinContinuations(command: string): string {
  return command
    .replace(/[\\^]\r?\n\s*/g, ' ')
    .replace(/\r?\n\s*/g, ' ')
    .trim()
}

/** Opens the command's request(s); the problem to show under the input when nothing could be opened. */
export async function importCurl(workbench: Workbench, command: string): Promise<string | null> {
  let preview
  try {
    preview = await workbench.workspacesApi.importPreview({ format: 'curl', content: command })
  } catch (error) {
    return `Could not read the curl command: ${ApiError.fromUnknown(error).message}`
  }
  if (preview.requests.length === 0) {
    return preview.report[0]?.message ?? 'The curl command holds no request to import.'
  }
  for (const { request } of preview.requests) openUnsaved(workbench, request)
  if (preview.report.length > 0) {
    toasts.getState().show(`Imported with notes: ${preview.report.map((r) => r.message).join(' · ')}`)
  }
  return null
}
