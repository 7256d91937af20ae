/** A CodeMirror 6 editor for JSON or text: editable (raw request JSON) or read-only with folding (large responses). */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { json, jsonParseLinter } from '@codemirror/lang-json'
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language'
import { linter } from '@codemirror/lint'
import { highlightSelectionMatches, openSearchPanel, searchKeymap } from '@codemirror/search'
import { EditorState, Prec, StateEffect, StateField, type Extension } from '@codemirror/state'
import { Decoration, EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import type { DecorationSet } from '@codemirror/view'
import { useEffect, useRef, type ReactElement } from 'react'
import { appEditorTheme } from './code-theme.js'

export interface CodeEditorProps {
  value: string
  onChange?: (value: string) => void
  language: 'json' | 'text'
  isReadOnly?: boolean
  label: string
  /** Bumped by the pane's Ctrl+F: the editor opens its search panel (a read-only editor cannot take the key itself). */
  findRequest?: number
  /** Highlighting for a `text` document of another language (an exported snippet's shell, Python, JavaScript). */
  languageSupport?: Extension | undefined
  /** A span to mark and scroll into view (a validation problem's field). */
  highlight?: { from: number; to: number } | undefined
}

const setHighlight = StateEffect.define<{ from: number; to: number } | undefined>()
const highlightMark = Decoration.mark({ class: 'cm-field-highlight' })

/** The marked span, kept as a decoration so it shows whether or not the editor has the focus. */
const highlightField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes)
    for (const effect of transaction.effects) {
      if (!effect.is(setHighlight)) continue
      const range = effect.value
      next =
        range && range.to > range.from ? Decoration.set([highlightMark.range(range.from, range.to)]) : Decoration.none
    }
    return next
  },
  provide: (field) => EditorView.decorations.from(field),
})

function extensionsFor(props: CodeEditorProps, onDocChange: (text: string) => void): Extension[] {
  const extensions: Extension[] = [
    // Ctrl/Cmd+Enter belongs to the page (send); swallow CodeMirror's own binding and let the event bubble.
    Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }])),
    lineNumbers(),
    foldGutter(),
    drawSelection(),
    bracketMatching(),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    keymap.of([...defaultKeymap, ...searchKeymap, ...foldKeymap, ...historyKeymap]),
    appEditorTheme,
    EditorView.contentAttributes.of({ 'aria-label': props.label }),
    highlightField,
  ]
  if (props.language === 'json') extensions.push(json())
  else if (props.languageSupport) extensions.push(props.languageSupport)
  if (props.isReadOnly) {
    extensions.push(EditorState.readOnly.of(true), EditorView.editable.of(false))
  } else {
    extensions.push(
      history(),
      indentOnInput(),
      highlightActiveLine(),
      keymap.of([indentWithTab]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onDocChange(update.state.doc.toString())
      }),
    )
    if (props.language === 'json') extensions.push(linter(jsonParseLinter(), { delay: 300 }))
  }
  return extensions
}

export function CodeEditor(props: CodeEditorProps): ReactElement {
  const hostRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  const onChangeRef = useRef(props.onChange)
  // The last text this editor reported, so echoes of our own edits do not reset the cursor.
  const reportedRef = useRef(props.value)

  useEffect(() => {
    onChangeRef.current = props.onChange
  })

  const { language, isReadOnly, label, languageSupport } = props
  useEffect(() => {
    if (!hostRef.current) return undefined
    const view = new EditorView({
      parent: hostRef.current,
      state: EditorState.create({
        doc: reportedRef.current,
        extensions: extensionsFor({ value: '', language, isReadOnly, label, languageSupport }, (text) => {
          reportedRef.current = text
          onChangeRef.current?.(text)
        }),
      }),
    })
    viewRef.current = view
    return () => {
      view.destroy()
      viewRef.current = null
    }
  }, [language, isReadOnly, label, languageSupport])

  useEffect(() => {
    const view = viewRef.current
    if (!view || props.value === reportedRef.current) return
    reportedRef.current = props.value
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: props.value } })
  }, [props.value])

  const findRequest = props.findRequest ?? 0
  useEffect(() => {
    const view = viewRef.current
    if (view && findRequest > 0) openSearchPanel(view)
  }, [findRequest])

  const highlight = props.highlight
  useEffect(() => {
    const view = viewRef.current
    if (!view) return
    const length = view.state.doc.length
    const range =
      highlight && highlight.from <= length ? { from: highlight.from, to: Math.min(highlight.to, length) } : undefined
    const effects: StateEffect<unknown>[] = [setHighlight.of(range)]
    if (range) effects.push(EditorView.scrollIntoView(range.from, { y: 'center' }))
    view.dispatch({ effects })
  }, [highlight, props.value])

  return <div className="code-editor" ref={hostRef} />
}
