/** Copies a text to the clipboard and says so for a moment. */
import { useEffect, useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export function CopyButton({ text, label }: { text: string; label: string }): ReactElement {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 1500)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className="btn btn-ghost copy-btn"
      aria-label={label}
      title={label}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      <Icon name="copy" size={14} />
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  )
}
