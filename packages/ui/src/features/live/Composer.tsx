/**
 * The composer of client streams and duplex channels: the message editor (form or JSON, passed in), then Send
 * (Ctrl+Enter; opens the channel first when needed), Send many (N messages, `${i}` numbers them), Half-close and Cancel
 * — the last two, and Open only, where the protocol has them and the pane does not offer them already.
 */
import { useCallback, useState, type ReactElement, type ReactNode } from 'react'
import { Icon } from '../../components/Icon.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import type { MethodRef } from '../../state/catalog.js'
import { ApiError } from '../../api/api-error.js'
import { emptyDraft } from '../../state/drafts-store.js'
import { addressOf } from '../../state/auth-targets.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { finalizeMessages, sendHold } from '../request/send-gate.js'
import { composeMessages, MAX_SEND_MANY, withheldNote } from './composer-messages.js'
import type { LiveCallHandle } from './useLiveCall.js'
import '../../styles/live.css'

export interface ComposerProps {
  target: MethodRef
  handle: LiveCallHandle
  /** The editor of one message (the request form / JSON editor over the method's draft). */
  children: ReactNode
  /** The bar's other controls: half-close under the protocol's own name (or none), Cancel and Open only. */
  controls?: ComposerControls
}

export interface ComposerControls {
  /** The half-close button's label and title; `false` where the protocol has no half-close. */
  closeSend?: { label: string; title: string } | false
  /** Cancel and Open only; off where the pane's header already offers them (Connect, Disconnect, Cancel). */
  isCancelShown?: boolean
  isOpenOnlyShown?: boolean
}

const halfClose = { label: 'Half-close', title: 'Tell the server you are done sending (it can still answer)' }

export function Composer({ target, handle, children, controls = {} }: ComposerProps): ReactElement {
  const { closeSend = halfClose, isCancelShown = true, isOpenOnlyShown = true } = controls
  const { drafts, auth, prefs, responses } = useWorkbench()
  const [count, setCount] = useState('10')
  const [unknown, setUnknown] = useState<string[]>([])
  const [withheld, setWithheld] = useState<string[]>([])
  const [refusal, setRefusal] = useState<ApiError | null>(null)
  const { status, isActive } = handle
  const canSend = !isActive || status !== 'half-closed'

  const send = useCallback(
    (times: number) => {
      if (isActive && status === 'half-closed') return
      // Read the draft at send time so a shortcut pressed mid-typing sends what is on screen.
      const draft = drafts.getState().drafts[target.key] ?? emptyDraft
      // A field that cannot hold what was typed holds the message back; the request editor says why.
      const isHeld = sendHold(target, draft) !== undefined
      drafts.getState().setHeld(target.key, isHeld)
      if (isHeld) return
      const sendDraft = () => {
        // The channel's host decides whether secret variables may go into its frames.
        const serverUrl = prefs.getState().serverUrls[target.origin]
        const vars = auth.frameVariables(addressOf(target), serverUrl)
        const composed = composeMessages(draft.value, times, {
          ...(vars ? { scopes: [vars] } : {}),
          resolve: responses.resolverFor(target.key),
        })
        const notSent = auth.frameWithheld(addressOf(target), serverUrl, composed.unknown)
        setWithheld(notSent)
        setUnknown(composed.unknown.filter((name) => !notSent.includes(name)))
        let messages: unknown[]
        try {
          messages = finalizeMessages(
            target,
            composed.messages.map(() => draft.value),
          )(composed.messages)
          setRefusal(null)
        } catch (error) {
          setRefusal(ApiError.fromUnknown(error))
          return
        }
        handle.send(messages)
      }
      if (isActive) {
        sendDraft()
        return
      }
      // Opening may ask whether the host gets the environment's credentials: the frames are built once it is
      // answered, with the variables that answer allows.
      void handle.open().then((isOpened) => isOpened && sendDraft())
    },
    [drafts, auth, prefs, responses, target, handle, isActive, status],
  )

  useSendShortcut(useCallback(() => send(1), [send]))

  const times = Number(count)
  const isCountValid = Number.isInteger(times) && times >= 1 && times <= MAX_SEND_MANY
  return (
    <div className="composer">
      <div className="composer-editor">{children}</div>
      <div className="composer-bar" role="toolbar" aria-label="Composer">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canSend}
          title={isActive ? 'Send this message (Ctrl+Enter)' : 'Open the call and send this message (Ctrl+Enter)'}
          onClick={() => send(1)}
        >
          <Icon name="send" size={14} /> Send
          <span className="send-shortcut" aria-hidden="true">
            Ctrl ⏎
          </span>
        </button>
        <span className="composer-many">
          <input
            className="input mono"
            inputMode="numeric"
            aria-label="How many messages Send many sends"
            aria-invalid={!isCountValid || undefined}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
          <button
            type="button"
            className="btn"
            disabled={!canSend || !isCountValid}
            title={`Send the message ${isCountValid ? times : 'N'} times; \${i} is its number (1…N), \${uuid} and \${now} resolve per message`}
            onClick={() => send(times)}
          >
            Send ×{isCountValid ? times.toLocaleString() : 'N'}
          </button>
        </span>
        {isActive ? (
          <>
            {closeSend && (
              <button
                type="button"
                className="btn"
                disabled={status === 'half-closed'}
                title={closeSend.title}
                onClick={handle.closeSend}
              >
                {closeSend.label}
              </button>
            )}
            {isCancelShown && (
              <button type="button" className="btn btn-danger" title="Cancel the call upstream" onClick={handle.cancel}>
                <Icon name="stop" size={13} /> Cancel
              </button>
            )}
          </>
        ) : (
          isOpenOnlyShown && (
            <button
              type="button"
              className="btn btn-ghost"
              title="Open the call without sending (for servers that speak first)"
              onClick={handle.start}
            >
              Open only
            </button>
          )
        )}
      </div>
      {refusal && <ProblemNotice error={refusal} onDismiss={() => setRefusal(null)} />}
      {withheld.length > 0 && (
        <div className="composer-note" role="status">
          {withheldNote(withheld)}
        </div>
      )}
      {unknown.length > 0 && (
        <div className="composer-note" role="status">
          Not substituted (unknown variables): {unknown.map((n) => `\${${n}}`).join(', ')}
        </div>
      )}
    </div>
  )
}
