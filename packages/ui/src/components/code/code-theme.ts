/** CodeMirror theme built on the app's CSS variables, so one theme follows both light and dark modes. */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'

const editorTheme = EditorView.theme({
  '&': {
    height: '100%',
    backgroundColor: 'var(--bg-input)',
    color: 'var(--text)',
    fontSize: '12.5px',
  },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--accent)', padding: '8px 0' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg-raised)',
    color: 'var(--text-faint)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 6%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--text-muted)' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--accent)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 28%, transparent) !important',
  },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--bg-hover)', border: 'none', color: 'var(--text-muted)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-raised)', border: '1px solid var(--border-strong)' },
  '.cm-panels': { backgroundColor: 'var(--bg-raised)', color: 'var(--text)' },
  '.cm-searchMatch': { backgroundColor: 'var(--warn-soft)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--danger)' },
})

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--json-key)' },
  { tag: tags.string, color: 'var(--json-string)' },
  { tag: tags.number, color: 'var(--json-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--json-bool)' },
  { tag: [tags.punctuation, tags.separator, tags.bracket], color: 'var(--text-muted)' },
  // Exported snippets (shell, Python, JavaScript) reuse the JSON colours, whose contrast is checked in both themes.
  { tag: [tags.keyword, tags.standard(tags.variableName)], color: 'var(--json-bool)' },
  {
    tag: [tags.attributeName, tags.special(tags.variableName), tags.definition(tags.variableName)],
    color: 'var(--json-key)',
  },
  { tag: tags.comment, color: 'var(--text-muted)', fontStyle: 'italic' },
])

export const appEditorTheme = [editorTheme, syntaxHighlighting(highlight)]
