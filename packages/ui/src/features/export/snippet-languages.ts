/** CodeMirror highlighting for the snippet languages the server names (`shell`, `python`, `javascript`). */
import { javascript } from '@codemirror/legacy-modes/mode/javascript'
import { python } from '@codemirror/legacy-modes/mode/python'
import { shell } from '@codemirror/legacy-modes/mode/shell'
import { StreamLanguage } from '@codemirror/language'
import type { Extension } from '@codemirror/state'

const languages: Readonly<Record<string, Extension>> = {
  shell: StreamLanguage.define(shell),
  python: StreamLanguage.define(python),
  javascript: StreamLanguage.define(javascript),
}

/** Plain text for a language this build does not know (a sidecar may name one). */
export function snippetLanguage(language: string): Extension | undefined {
  return languages[language]
}
