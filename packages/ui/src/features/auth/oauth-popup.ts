/**
 * The authorization-code popup: opens the provider's authorize URL and waits for the callback page's message, accepting
 * only one from our own origin, from that popup, of the callback type, carrying the state we sent.
 */
import { readOAuthCallbackMessage } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'

export const POPUP_NAME = 'wirebench-oauth'
const POPUP_FEATURES = 'popup,width=520,height=680'
const CLOSED_POLL_MS = 400

export interface CallbackAnswer {
  code: string
  state: string
  /** The issuer the provider named on the callback (RFC 9207), when it did. */
  iss?: string
}

export interface PopupOptions {
  url: string
  state: string
  signal?: AbortSignal
  /** Injected by tests; the page's window otherwise. */
  view?: Window
}

/** Resolves with the code once the provider redirected the popup back; rejects with a WorkbenchError saying why not. */
export function waitForAuthorization({ url, state, signal, view = window }: PopupOptions): Promise<CallbackAnswer> {
  const popup = view.open(url, POPUP_NAME, POPUP_FEATURES)
  if (!popup) {
    return Promise.reject(
      new WorkbenchError('forbidden', 'The browser blocked the sign-in popup.', {
        hint: 'Allow popups for this page, then click Authorize again.',
      }),
    )
  }
  return new Promise<CallbackAnswer>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      view.removeEventListener('message', onMessage)
      clearInterval(closedPoll)
      signal?.removeEventListener('abort', onAbort)
      outcome()
    }
    const onMessage = (event: MessageEvent) => {
      // Only our callback page, in the popup we opened, on our own origin, may answer.
      if (event.source !== popup) return
      const message = readOAuthCallbackMessage({
        data: event.data,
        origin: event.origin,
        expectedOrigin: view.location.origin,
      })
      if (!message) return
      if (!message.ok) {
        const description = message.errorDescription
        return finish(() =>
          reject(
            new WorkbenchError(
              'unauthorized',
              `The provider refused the sign-in: ${message.error}${description ? ` (${description})` : ''}.`,
              {
                hint: 'Check the client ID, scope and redirect URI registered with the provider, then authorize again.',
              },
            ),
          ),
        )
      }
      if (message.state !== state) {
        return finish(() =>
          reject(
            new WorkbenchError('forbidden', 'The sign-in answer does not belong to this request (state mismatch).', {
              hint: 'Click Authorize again; only the latest sign-in window is accepted.',
            }),
          ),
        )
      }
      const iss = message.iss === undefined ? {} : { iss: message.iss }
      finish(() => resolve({ code: message.code, state: message.state, ...iss }))
    }
    // The callback page closes the popup itself; a popup closed without an answer means the user gave up. The
    // answer may still be queued when the close is seen, so it gets one more poll interval to arrive.
    let closedTicks = 0
    const closedPoll = setInterval(() => {
      if (!popup.closed || ++closedTicks < 2) return
      finish(() =>
        reject(
          new WorkbenchError('cancelled', 'The sign-in window was closed before the provider answered.', {
            hint: 'Click Authorize to try again.',
          }),
        ),
      )
    }, CLOSED_POLL_MS)
    const onAbort = () => {
      popup.close()
      finish(() => reject(new WorkbenchError('cancelled', 'The sign-in was cancelled.')))
    }
    view.addEventListener('message', onMessage)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
