/** The operation editor: CodeMirror with GraphQL highlighting, and completion and validation from the schema once it is loaded. */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language'
import { lintGutter } from '@codemirror/lint'
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search'
import { EditorState, Prec } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { graphql, updateSchema } from 'cm6-graphql'
import type { GraphQLSchema } from 'graphql'
import { useEffect, useRef, type ReactElement } from 'react'
import { appEditorTheme } from '../../components/code/code-theme.js'

export interface GraphqlEditorProps {
  value: string
  onChange: (value: string) => void
  schema: GraphQLSchema | undefined
  label: string
}

const graphqlHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.definitionKeyword], color: 'var(--accent)', fontWeight: '600' },
  { tag: tags.variableName, color: 'var(--json-bool)' },
  { tag: tags.atom, color: 'var(--src-query)' },
  { tag: tags.attributeName, color: 'var(--src-path)' },
  { tag: tags.modifier, color: 'var(--warn)' },
  { tag: tags.lineComment, color: 'var(--text-faint)', fontStyle: 'italic' },
  { tag: tags.special(tags.name), color: 'var(--json-number)' },
])

export function GraphqlEditor({ value, onChange, schema, label }: GraphqlEditorProps): ReactElement {
  const hostRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  const onChangeRef = useRef(onChange)
  // The last text this editor reported, so echoes of our own edits do not reset the cursor.
  const reportedRef = useRef(value)
  const schemaRef = useRef(schema)

  useEffect(() => {
    onChangeRef.current = onChange
  })

  useEffect(() => {
    if (!hostRef.current) return undefined
    const view = new EditorView({
      parent: hostRef.current,
      state: EditorState.create({
        doc: reportedRef.current,
        extensions: [
          // Ctrl/Cmd+Enter belongs to the page (send); swallow CodeMirror's own binding and let the event bubble.
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }])),
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          drawSelection(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightSelectionMatches(),
          history(),
          indentOnInput(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          keymap.of([
            ...closeBracketsKeymap,
            ...completionKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...foldKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          appEditorTheme,
          syntaxHighlighting(graphqlHighlight),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          graphql(schemaRef.current),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            reportedRef.current = update.state.doc.toString()
            onChangeRef.current(reportedRef.current)
          }),
        ],
      }),
    })
    viewRef.current = view
    return () => {
      view.destroy()
      viewRef.current = null
    }
  }, [label])

  useEffect(() => {
    const view = viewRef.current
    if (!view || schemaRef.current === schema) return
    schemaRef.current = schema
    // cm6-graphql's typings resolve CodeMirror's CommonJS declarations: the same class under another declaration.
    updateSchema(view as unknown as Parameters<typeof updateSchema>[0], schema)
  }, [schema])

  useEffect(() => {
    const view = viewRef.current
    if (!view || value === reportedRef.current) return
    reportedRef.current = value
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } })
  }, [value])

  return <div className="code-editor gql-editor" ref={hostRef} />
}
