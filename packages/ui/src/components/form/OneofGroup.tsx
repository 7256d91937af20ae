/** A protobuf oneof: a select of which member is set, then that member's editor; choosing one clears the others. */
import { useState, type ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import type { DecorateField } from './form-decoration.js'
import { describeType, emptyItem, withKey, type JsonObject } from './field-value.js'
import { inputId } from './field-ids.js'
import { FieldRow } from './FieldRow.js'
import { useFormFlavor } from './form-flavor.js'
import { chosenMember } from './oneof-layout.js'
import { unwrappedField, wellKnownKind } from './well-known.js'
import './proto-form.css'

export interface OneofGroupProps {
  name: string
  members: FieldInfo[]
  /** The message value that holds the members. */
  value: JsonObject
  onChange: (value: JsonObject) => void
  path: string
  depth: number
  decorate: DecorateField | undefined
}

/** A starting value of the member's JSON form (a Timestamp member starts as now, not as `{}`). */
export function initialMemberValue(field: FieldInfo): unknown {
  switch (wellKnownKind(field)) {
    case 'timestamp':
      return new Date().toISOString()
    case 'duration':
      return '0s'
    case 'wrapper':
      return emptyItem(unwrappedField(field))
    case 'field-mask':
      return ''
    case 'json':
    case 'empty':
      return {}
    case undefined:
      return emptyItem(field)
  }
}

export function OneofGroup({ name, members, value, onChange, path, depth, decorate }: OneofGroupProps): ReactElement {
  // Remembers the pick while its value is still empty (a cleared input must not make the editor vanish).
  const [picked, setPicked] = useState<string | undefined>()
  const flavor = useFormFlavor()
  const chosen = chosenMember(members, value) ?? members.find((m) => m.name === picked)
  const groupPath = path ? `${path}.${name}` : name
  const choose = (memberName: string) => {
    let next = value
    for (const member of members) next = withKey(next, member.name, undefined)
    const member = members.find((m) => m.name === memberName)
    setPicked(member?.name)
    onChange(member ? withKey(next, member.name, initialMemberValue(member)) : next)
  }
  return (
    <div
      className="field-row field-row-nested oneof-group"
      data-oneof={name}
      role="group"
      aria-label={`oneof ${groupPath}`}
    >
      <div className="field-label">
        <label className="field-name mono" htmlFor={inputId(`${groupPath}.oneof`)}>
          {name}
        </label>
        <span className="field-type mono">oneof · one of {members.length}</span>
      </div>
      <div className="field-control oneof-control">
        <select
          id={inputId(`${groupPath}.oneof`)}
          className="select"
          aria-label={`${groupPath}: which field is set`}
          value={chosen?.name ?? ''}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">— none —</option>
          {members.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} ({describeType(m, flavor)})
            </option>
          ))}
        </select>
        {chosen && (
          <div className="oneof-member">
            <FieldRow
              field={chosen}
              path={path ? `${path}.${chosen.name}` : chosen.name}
              depth={depth}
              decoration={decorate?.(chosen, depth)}
              decorate={decorate}
              value={value[chosen.name]}
              onChange={(next) => onChange(withKey(value, chosen.name, next))}
            />
          </div>
        )}
      </div>
    </div>
  )
}
