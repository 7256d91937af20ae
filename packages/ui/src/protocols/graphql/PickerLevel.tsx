/** One level of the field picker: the rows of a type (filtered when the type is big), each opening its own level on demand. */
import type { GraphQLNamedType, GraphQLSchema } from 'graphql'
import { useLayoutEffect, useMemo, useState, type MouseEvent, type ReactElement } from 'react'
import type { Picked } from './picked.js'
import { filterEntries, pathKey, pickerEntries, type PickerEntry } from './picker-entries.js'
import type { PickStep } from './selection-edit.js'

export interface PickerLevelContext {
  schema: GraphQLSchema
  openness: ReadonlyMap<string, boolean>
  setOpen: (key: string, isOpen: boolean) => void
  onToggle: (path: readonly PickStep[], isOn: boolean) => void
  isDisabled: boolean
  /** Filter text per level, keyed by the key of the row that opened it ('' for the top level). */
  filters: ReadonlyMap<string, string>
  /** Prefix of the ids of row descriptions (unique per picker). */
  idPrefix: string
  /** Puts the tree's single tab stop back in place after rows appear or go. */
  syncTabStop: () => void
}

export interface PickerLevelProps {
  context: PickerLevelContext
  type: GraphQLNamedType
  path: readonly PickStep[]
  picked: Picked | undefined
  depth: number
  parentKey: string
}

/** Types with more rows than this get a filter box. */
export const FILTER_FROM = 15
/** Rows shown before "show all" (a huge type stays quick to open). */
const FIRST_ROWS = 150
/** Picked rows open by themselves down to this depth. */
const AUTO_OPEN_DEPTH = 2

export function PickerLevel({ context, type, path, picked, depth, parentKey }: PickerLevelProps): ReactElement {
  const entries = useMemo(() => pickerEntries(context.schema, type), [context.schema, type])
  const filter = entries.length > FILTER_FROM ? (context.filters.get(parentKey) ?? '') : ''
  const [isShowingAll, setShowingAll] = useState(false)
  const shown = filterEntries(entries, filter)
  const visible = isShowingAll ? shown : shown.slice(0, FIRST_ROWS)
  const { syncTabStop } = context
  useLayoutEffect(syncTabStop)
  const level: LevelInfo = { parentKey, typeName: type.name, size: entries.length }
  return (
    <div role="group" className="gql-picker-level">
      {visible.map((entry) => (
        <PickerRow
          key={pathKey([entry.step])}
          context={context}
          entry={entry}
          path={path}
          picked={picked}
          depth={depth}
          level={level}
        />
      ))}
      {shown.length === 0 && (
        <div className="muted gql-picker-empty" style={{ paddingLeft: depth * 16 + 8 }}>
          No field matches “{filter}”.
        </div>
      )}
      {!isShowingAll && shown.length > FIRST_ROWS && (
        <button
          type="button"
          className="link-btn gql-picker-more"
          style={{ marginLeft: depth * 16 + 8 }}
          onClick={() => setShowingAll(true)}
        >
          Show all {shown.length} fields
        </button>
      )}
    </div>
  )
}

interface LevelInfo {
  parentKey: string
  typeName: string
  size: number
}

interface PickerRowProps extends Omit<PickerLevelProps, 'type' | 'parentKey'> {
  entry: PickerEntry
  level: LevelInfo
}

function PickerRow({ context, entry, path, picked, depth, level }: PickerRowProps): ReactElement {
  const rowPath = [...path, entry.step]
  const key = pathKey(rowPath)
  const pickKey = entry.kind === 'field' ? entry.name : `on:${entry.name}`
  const sub = entry.kind === 'field' ? picked?.fields.get(entry.name) : picked?.on.get(entry.name)
  const isPicked = entry.kind === 'field' ? !!picked?.fields.has(entry.name) : !!sub
  const isViaSpread = !!picked?.viaSpread.has(pickKey)
  const isExpandable = entry.childType !== undefined
  const isOpen = isExpandable && (context.openness.get(key) ?? (isPicked && depth <= AUTO_OPEN_DEPTH))
  const args = entry.kind === 'field' ? entry.args : []
  const label = entry.kind === 'on' ? `... on ${entry.name}` : entry.name
  // Rows picked through a named fragment stay focusable (the arrows move past them) but do not toggle.
  const isLocked = context.isDisabled || isViaSpread
  const descriptionId = entry.description ? `${context.idPrefix}-desc-${key}` : undefined
  const onClick = (event: MouseEvent<HTMLInputElement>) => {
    if (isLocked) event.preventDefault()
  }
  return (
    <div
      className="gql-picker-node"
      role="treeitem"
      aria-level={depth}
      aria-expanded={isExpandable ? isOpen : undefined}
    >
      <div
        className={`gql-picker-row${isPicked ? ' is-picked' : ''}`}
        style={{ paddingLeft: (depth - 1) * 16 + 4 }}
        title={entry.description}
      >
        {isExpandable ? (
          <button
            type="button"
            className="gql-picker-toggle"
            tabIndex={-1}
            aria-label={isOpen ? `Close ${label}` : `Open ${label}`}
            onClick={() => context.setOpen(key, !isOpen)}
          >
            {isOpen ? '▾' : '▸'}
          </button>
        ) : (
          <span className="gql-picker-toggle" aria-hidden="true" />
        )}
        <label className="gql-picker-label">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={isPicked}
            aria-disabled={isLocked || undefined}
            aria-describedby={descriptionId}
            data-pick-key={key}
            data-parent-key={level.parentKey}
            data-level-type={level.typeName}
            data-level-size={level.size}
            data-expandable={isExpandable}
            data-open={isOpen}
            onClick={onClick}
            onChange={() => {
              if (!isLocked) context.onToggle(rowPath, !isPicked)
            }}
          />
          <span className={`gql-picker-name mono${entry.kind === 'on' ? ' is-fragment' : ''}`}>{label}</span>
        </label>
        {args.length > 0 && (
          <span className="gql-picker-args mono" title={args.map((a) => `${a.name}: ${a.type}`).join(', ')}>
            (
            {args.map((a, i) => (
              <span key={a.name} className={a.isRequired ? 'is-required' : undefined}>
                {i > 0 && ', '}
                {a.name}: {a.type}
              </span>
            ))}
            )
          </span>
        )}
        {entry.kind === 'field' && <span className="gql-picker-typelabel mono">{entry.typeLabel}</span>}
        {entry.kind === 'field' && entry.deprecationReason && (
          <span className="tag tag-danger" title={entry.deprecationReason}>
            deprecated
          </span>
        )}
        {isViaSpread && (
          <span className="tag" title="Picked through a named fragment: edit the fragment in the text">
            fragment
          </span>
        )}
        {descriptionId && (
          <span id={descriptionId} className="visually-hidden">
            {entry.description}
          </span>
        )}
      </div>
      {isOpen && entry.childType && (
        <PickerLevel
          context={context}
          type={entry.childType}
          path={rowPath}
          picked={sub ?? undefined}
          depth={depth + 1}
          parentKey={key}
        />
      )}
    </div>
  )
}
