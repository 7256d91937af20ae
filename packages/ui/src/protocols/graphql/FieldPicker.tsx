/**
 * The field picker: a checkbox tree over the output type of the method's root field. Levels render when opened, big
 * types get a filter, interfaces and unions offer `... on Type` rows, and the keyboard moves through it like a tree
 * (arrows move and open, Space picks).
 */
import type { GraphQLNamedType, GraphQLSchema } from 'graphql'
import { useCallback, useState, type KeyboardEvent, type ReactElement } from 'react'
import type { Picked } from './picked.js'
import { PickerLevel, type PickerLevelContext } from './PickerLevel.js'
import type { PickStep } from './selection-edit.js'

export interface FieldPickerProps {
  schema: GraphQLSchema
  rootType: GraphQLNamedType
  rootField: string
  picked: Picked | undefined
  /** Why picking is off for now (the text does not parse); the tree still shows the last selection read. */
  disabledReason?: string | undefined
  onToggle: (path: readonly PickStep[], isOn: boolean) => void
}

function rows(tree: HTMLElement): HTMLInputElement[] {
  return [...tree.querySelectorAll<HTMLInputElement>('input[data-pick-key]')]
}

export function FieldPicker(props: FieldPickerProps): ReactElement {
  const { schema, rootType, rootField, picked, disabledReason, onToggle } = props
  // Explicit open/closed choices per row; rows without one open when picked (to a modest depth).
  const [openness, setOpenness] = useState<ReadonlyMap<string, boolean>>(new Map())
  const setOpen = useCallback((key: string, isOpen: boolean) => {
    setOpenness((current) => new Map(current).set(key, isOpen))
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const input = event.target as HTMLElement
    const key = input.dataset.pickKey
    if (key === undefined || !(input instanceof HTMLInputElement)) return
    const all = rows(event.currentTarget)
    const index = all.indexOf(input)
    const focus = (element: HTMLInputElement | undefined) => {
      if (!element) return
      event.preventDefault()
      element.focus()
    }
    const isExpandable = input.dataset.expandable === 'true'
    const isOpen = input.dataset.open === 'true'
    switch (event.key) {
      case 'ArrowDown':
        focus(all[index + 1])
        break
      case 'ArrowUp':
        focus(all[index - 1])
        break
      case 'Home':
        focus(all[0])
        break
      case 'End':
        focus(all[all.length - 1])
        break
      case 'ArrowRight':
        event.preventDefault()
        if (isExpandable && !isOpen) setOpen(key, true)
        else if (isOpen) focus(all[index + 1])
        break
      case 'ArrowLeft': {
        event.preventDefault()
        if (isOpen) setOpen(key, false)
        else focus(all.find((row) => row.dataset.pickKey === input.dataset.parentKey))
        break
      }
      default:
    }
  }

  const context: PickerLevelContext = {
    schema,
    openness,
    setOpen,
    onToggle,
    isDisabled: disabledReason !== undefined,
  }
  return (
    <div className="gql-picker">
      <div className="gql-picker-head">
        <span className="gql-picker-title">Fields</span>
        <span className="muted mono gql-picker-type" title={`${rootField} returns ${rootType.name}`}>
          {rootField}: {rootType.name}
        </span>
      </div>
      {disabledReason && (
        <div className="gql-picker-notice" role="status">
          {disabledReason}
        </div>
      )}
      <div className="gql-picker-tree" role="tree" aria-label={`Fields of ${rootField}`} onKeyDown={onKeyDown}>
        <PickerLevel context={context} type={rootType} path={[]} picked={picked} depth={1} parentKey="" />
      </div>
    </div>
  )
}
