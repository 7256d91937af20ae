/** A row of accessible tabs (the panels are rendered by the caller, keyed by the selected id). */
import type { ReactElement, ReactNode } from 'react'

export interface TabItem<T extends string> {
  id: T
  label: ReactNode
  count?: number
  title?: string
}

export interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>
  selected: T
  onSelect: (id: T) => void
  label: string
  /** Extra content at the right end of the tab row. */
  trailing?: ReactNode
  idPrefix: string
}

export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  trailing,
  idPrefix,
}: TabsProps<T>): ReactElement {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.id}
          id={`${idPrefix}-tab-${item.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={item.id === selected}
          aria-controls={`${idPrefix}-panel`}
          title={item.title}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
          {item.count !== undefined && item.count > 0 && <span className="tab-count">{item.count}</span>}
        </button>
      ))}
      {trailing && <div className="tabs-trailing">{trailing}</div>}
    </div>
  )
}
