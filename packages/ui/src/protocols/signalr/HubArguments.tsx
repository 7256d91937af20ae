/**
 * Named arguments for a hub method: the user names them (a hub cannot say), and each gets an input whose value goes
 * into the message's `arguments` array in order — JSON when it parses, else the text as a string.
 */
import { useState, type ReactElement } from 'react'
import type { MethodRef } from '../../state/catalog.js'
import { useDraft } from '../../state/useDraft.js'
import { argumentText, argumentValue, parseNames, readArgumentNames, writeArgumentNames } from './argument-names.js'

export function HubArguments({ target }: { target: MethodRef }): ReactElement {
  const draft = useDraft(target.key)
  const hubMethod = typeof draft.value['target'] === 'string' ? draft.value['target'].trim() : ''
  const [typed, setTyped] = useState<{ for: string; text: string } | undefined>(undefined)
  const stored = hubMethod ? readArgumentNames(target.origin, hubMethod).join(', ') : ''
  const namesText = typed?.for === hubMethod ? typed.text : stored
  const names = parseNames(namesText)
  const args = Array.isArray(draft.value['arguments']) ? (draft.value['arguments'] as unknown[]) : []
  const setArgument = (index: number, text: string): void => {
    const next = names.map((_, i) => (i === index ? argumentValue(text) : (args[i] ?? null)))
    draft.setValue({ ...draft.value, arguments: next })
  }
  return (
    <div className="hub-args" role="group" aria-label="Named arguments">
      <label className="hub-args-names">
        <span className="muted">Argument names</span>
        <input
          className="input mono"
          placeholder={hubMethod ? 'e.g. user, message' : 'Name the target first'}
          disabled={!hubMethod}
          value={namesText}
          onChange={(event) => {
            setTyped({ for: hubMethod, text: event.target.value })
            writeArgumentNames(target.origin, hubMethod, parseNames(event.target.value))
          }}
        />
      </label>
      {names.map((name, index) => (
        <label key={`${index}:${name}`} className="hub-arg">
          <span className="mono">{name}</span>
          <input
            className="input mono"
            aria-label={`Argument ${name}`}
            value={argumentText(args[index])}
            onChange={(event) => setArgument(index, event.target.value)}
          />
        </label>
      ))}
    </div>
  )
}
