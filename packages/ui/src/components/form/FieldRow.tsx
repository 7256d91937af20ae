/** One labelled field of the generated form: name, required mark, type, description, and its editor. */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import { htmlFormattingToMarkdown } from '../markdown/html-formatting.js'
import { Markdown } from '../markdown/Markdown.js'
import type { DecorateField, FieldDecoration } from './form-decoration.js'
import { describeType } from './field-value.js'
import { FieldEditor } from './FieldEditor.js'
import { useFormFlavor } from './form-flavor.js'

export interface FieldRowProps {
  field: FieldInfo
  path: string
  depth: number
  value: unknown
  onChange: (value: unknown) => void
  decoration: FieldDecoration | undefined
  decorate: DecorateField | undefined
}

export function inputId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/** The tooltip text: the whole description, without the tags that only format it. */
function plainDescription(description: string): string {
  return htmlFormattingToMarkdown(description).replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
}

export function FieldRow(props: FieldRowProps): ReactElement {
  const { field, path, decoration } = props
  const flavor = useFormFlavor()
  const isNested = (field.type === 'message' && !!field.messageType?.fields.length) || field.isRepeated || field.isMap
  return (
    <div
      className={`field-row${isNested ? ' field-row-nested' : ''}${field.deprecated ? ' is-deprecated' : ''}`}
      data-field-path={path}
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
      </div>
    </div>
  )
}
