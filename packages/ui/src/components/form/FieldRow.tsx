/** One labelled field of the generated form: name, required mark, type, description, and its editor. */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import { htmlFormattingToMarkdown } from '../markdown/html-formatting.js'
import { Markdown } from '../markdown/Markdown.js'
import type { DecorateField, FieldDecoration } from './form-decoration.js'
import { inputId } from './field-ids.js'
import { describeType } from './field-value.js'
import { FieldEditor } from './FieldEditor.js'
import { useFormFlavor } from './form-flavor.js'
import { useFormPending } from './form-pending.js'
import { fieldProblems } from './value-check.js'

export interface FieldRowProps {
  field: FieldInfo
  path: string
  depth: number
  value: unknown
  onChange: (value: unknown) => void
  decoration: FieldDecoration | undefined
  decorate: DecorateField | undefined
}

/** The tooltip text: the whole description, without the tags that only format it. */
function plainDescription(description: string): string {
  return htmlFormattingToMarkdown(description).replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
}

export function FieldRow(props: FieldRowProps): ReactElement {
  const { field, path, decoration } = props
  const flavor = useFormFlavor()
  const isNested = (field.type === 'message' && !!field.messageType?.fields.length) || field.isRepeated || field.isMap
  // What this field's value cannot be (its nested fields' rows report their own).
  const problems = fieldProblems(field, props.value, path, flavor)
  const isPending = useFormPending()?.get(path) !== undefined
  // `$${` is the engine's escape: values filled in from the document carry it so they are sent as written.
  const isLiteral = typeof props.value === 'string' && props.value.includes('$${')
  return (
    <div
      className={`field-row${isNested ? ' field-row-nested' : ''}${field.deprecated ? ' is-deprecated' : ''}`}
      data-field-path={path}
      data-invalid={problems.length > 0 || isPending || undefined}
      data-source={field.source}
      style={decoration?.accent ? { ['--field-accent' as string]: decoration.accent } : undefined}
    >
      <div className="field-label">
        <label htmlFor={inputId(path)} className="field-name mono">
          {field.name}
          {field.required && (
            <span className="required-mark" title="Required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <span className="field-type mono">{describeType(field, flavor)}</span>
        {decoration?.tag && (
          <span className="field-source" title={decoration.tagTitle}>
            {decoration.tag}
          </span>
        )}
        {field.deprecated && <span className="tag tag-warn">deprecated</span>}
      </div>
      {field.description && (
        // Untrusted text from the spec, rendered through the Markdown subset (never as HTML).
        <div className="field-description" title={plainDescription(field.description)}>
          <Markdown source={field.description} />
        </div>
      )}
      <div className="field-control">
        <FieldEditor {...props} label={field.required ? `${path} (required)` : path} />
        {isLiteral && (
          <div className="field-note muted">
            <span className="mono">$${'{'}</span> is sent as the text <span className="mono">${'{'}</span>: no variable
            is substituted here.
          </div>
        )}
        {problems.length > 0 && (
          <ul className="field-problems" aria-live="polite">
            {problems.map((p) => (
              <li key={p.path} className="field-error">
                {p.path === path ? p.message : `${p.path.slice(path.length).replace(/^\./, '')}: ${p.message}`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
