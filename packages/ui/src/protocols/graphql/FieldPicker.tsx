/**
 * The field picker: a checkbox tree over the output type of the method's root field. Levels render when opened, big
 * types get a filter (above the tree, for the level of the focused row), interfaces and unions offer `... on Type`
 * rows, and the keyboard moves through it like a tree: one tab stop (roving tabindex), arrows move and open, Space
 * picks. The focused row's description shows under the tree and is each checkbox's accessible description.
 */
import type { GraphQLNamedType, GraphQLSchema } from 'graphql'
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
} from 'react'
import type { Picked } from './picked.js'
import { pickerEntries } from './picker-entries.js'
import { FILTER_FROM, PickerLevel, type PickerLevelContext } from './PickerLevel.js'
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

/** The row last focused in the tree: the tab stop, the level the filter works on, and the description shown. */
interface ActiveRow {
  key: string
  level: string
  typeName: string
  size: number
  description: string
}

function rows(tree: HTMLElement): HTMLInputElement[] {
  return [...tree.querySelectorAll<HTMLInputElement>('input[data-pick-key]')]
}

export function FieldPicker(props: FieldPickerProps): ReactElement {
  const { schema, rootType, rootField, picked, disabledReason, onToggle } = props
  const idPrefix = useId()
  const treeRef = useRef<HTMLDivElement>(null)
  // Explicit open/closed choices per row; rows without one open when picked (to a modest depth).
  const [openness, setOpenness] = useState<ReadonlyMap<string, boolean>>(new Map())
  const setOpen = useCallback((key: string, isOpen: boolean) => {
    setOpenness((current) => new Map(current).set(key, isOpen))
  }, [])
  // Filter text per level (the key of the row that opened it; '' for the top level).
  const [filters, setFilters] = useState<ReadonlyMap<string, string>>(new Map())
  const [active, setActive] = useState<ActiveRow | undefined>(undefined)
  const topSize = useMemo(() => pickerEntries(schema, rootType).length, [schema, rootType])
  const level = active ?? { level: '', typeName: rootType.name, size: topSize, key: '', description: '' }

  // Exactly one row is in the tab order: the active one while it is shown, else the first.
  const activeKey = active?.key
  const syncTabStop = useCallback(() => {
    const tree = treeRef.current
    if (!tree) return
    const all = rows(tree)
    const stop = all.find((row) => row.dataset.pickKey === activeKey) ?? all[0]
    for (const row of all) row.tabIndex = row === stop ? 0 : -1
  }, [activeKey])
  useLayoutEffect(syncTabStop)

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const input = event.target
    if (!(input instanceof HTMLInputElement) || input.dataset.pickKey === undefined) return
    const describedBy = input.getAttribute('aria-describedby')
    setActive({
      key: input.dataset.pickKey,
      level: input.dataset.parentKey ?? '',
      typeName: input.dataset.levelType ?? rootType.name,
      size: Number(input.dataset.levelSize ?? 0),
      description: (describedBy && document.getElementById(describedBy)?.textContent) || '',
    })
  }

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

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' || !treeRef.current) return
    const first = rows(treeRef.current).find((row) => (row.dataset.parentKey ?? '') === level.level)
    if (!first) return
    event.preventDefault()
    first.focus()
  }

  const context: PickerLevelContext = {
    schema,
    openness,
    setOpen,
    onToggle,
    isDisabled: disabledReason !== undefined,
    filters,
    idPrefix,
    syncTabStop,
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
      {level.size > FILTER_FROM && (
        <input
          type="search"
          className="input gql-picker-filter"
          data-level={level.level}
          placeholder={`Filter ${level.size} fields of ${level.typeName}`}
          aria-label={`Filter the fields of ${level.typeName}`}
          value={filters.get(level.level) ?? ''}
          onChange={(e) => setFilters((current) => new Map(current).set(level.level, e.target.value))}
          onKeyDown={onFilterKeyDown}
        />
      )}
      <div
        className="gql-picker-tree"
        role="tree"
        aria-label={`Fields of ${rootField}`}
        ref={treeRef}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <PickerLevel context={context} type={rootType} path={[]} picked={picked} depth={1} parentKey="" />
      </div>
      <div className="gql-picker-detail muted" aria-hidden="true">
        {active?.description}
      </div>
    </div>
  )
}
