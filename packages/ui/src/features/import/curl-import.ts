/**
 * A curl command pasted where a URL goes: parsed by the server's importer (`POST /api/import/preview`) and opened as
 * a request in a new tab, unsaved, with what did not map said in a toast.
 */
import { ApiError } from '../../api/api-error.js'
import { toasts } from '../../components/toast-store.js'
import { openUnsaved } from '../../state/tab-actions.js'
import type { Workbench } from '../../state/workbench.js'
import { acceptImportSecrets } from './import-secrets.js'

export function isCurlCommand(text: string): boolean {
  return /^\s*curl\s/i.test(text)
}

/**
 * A multi-line command on one line: `\` (or `^` from Windows' "Copy as cURL (cmd)") line continuations and bare line
 * breaks between arguments joined. A line break inside quotes is part of an argument (Firefox copies a body typed on
 * several lines as `--data-raw 'line one<LF>line two'`) and stays.
 */
export function joinContinuations(command: string): string {
  const lineBreak = /[\\^]?\r?\n[ \t]*/y
  let out = ''
  // `'` (no escapes), `"` and ANSI-C `$'` (a backslash escapes the next character, a quote included).
  let quote: "'" | '"' | "$'" | undefined
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!
    if (quote) {
      out += char
      if (char === '\\' && quote !== "'" && i + 1 < command.length) out += command[++i]!
      else if (char === quote.at(-1)) quote = undefined
      continue
    }
    lineBreak.lastIndex = i
    const joined = lineBreak.exec(command)
    if (joined) {
      if (!out.endsWith(' ')) out += ' '
      i += joined[0].length - 1
      continue
    }
    if (char === '"') quote = '"'
    else if (char === "'") quote = out.endsWith('$') ? "$'" : "'"
    out += char
  }
  return out.trim()
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
  const notes =
    preview.report.length > 0 ? `Imported with notes: ${preview.report.map((r) => r.message).join(' · ')}` : ''
  const secrets = preview.secrets ?? {}
  const names = Object.keys(secrets)
  if (names.length > 0) {
    // The request references the credential as `${name}`; one click keeps its value in the environment. The offer
    // stays until it is taken or dismissed: its value exists nowhere else, and the pane flags the unknown variable.
    const offer = `The command held ${names.map((n) => `\${${n}}`).join(', ')}: keep the value in the environment?`
    toasts.getState().show(
      [notes, offer].filter(Boolean).join(' '),
      {
        label: 'Put into environment',
        run: () => {
          acceptImportSecrets(workbench, secrets).then(
            (name) => toasts.getState().show(`Added to ${name} as secret variables: ${names.join(', ')}.`),
            (error: unknown) => toasts.getState().show(`Could not add the credentials: ${String(error)}`),
          )
        },
      },
      { isSticky: true },
    )
  } else if (notes) toasts.getState().show(notes)
  return null
}
