/** The authorization-code status: Authorized with a countdown or Not authorized; Authorize / Re-authorize; Sign out. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react'
import type { AuthorizationStatus, Environment, OAuth2AuthorizationCodeAuth } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import { readSessionToken } from '../../api/session-token.js'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { useWorkbench } from '../../state/useWorkbench.js'

type Attempt = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'failed'; error: WorkbenchError }

export interface AuthorizationCodePanelProps {
  environment: Environment
  config: OAuth2AuthorizationCodeAuth
}

function useAuthorizationStatus(environmentId: string): AuthorizationStatus {
  const { auth } = useWorkbench()
  const codes = auth.caches.authorizationCode
  // The store answers a fresh object per read; a string snapshot keeps React's comparison stable.
  const snapshot = useSyncExternalStore(
    useCallback((notify: () => void) => codes.subscribe(environmentId, notify), [codes, environmentId]),
    () => {
      const status = codes.status(environmentId)
      return status.authorized ? String(status.expiresAt ?? 'none') : ''
    },
  )
  if (snapshot === '') return { authorized: false, expiresAt: null }
  return { authorized: true, expiresAt: snapshot === 'none' ? null : Number(snapshot) }
}

const TICK_MS = 250
const subscribeToClock = (notify: () => void) => {
  const timer = setInterval(notify, TICK_MS)
  return () => clearInterval(timer)
}
const readClock = () => Math.floor(Date.now() / TICK_MS)

/** Whole seconds until `expiresAt`, re-read four times a second so the countdown never skips or lags. */
function useSecondsLeft(expiresAt: number | null): number | null {
  const tick = useSyncExternalStore(subscribeToClock, readClock)
  return expiresAt === null ? null : Math.max(0, Math.round((expiresAt - tick * TICK_MS) / 1000))
}

export function AuthorizationCodePanel({ environment, config }: AuthorizationCodePanelProps): ReactElement {
  const { auth, session } = useWorkbench()
  const status = useAuthorizationStatus(environment.id)
  const secondsLeft = useSecondsLeft(status.authorized ? status.expiresAt : null)
  const [attempt, setAttempt] = useState<Attempt>({ kind: 'idle' })
  const running = useRef<AbortController | null>(null)
  const prefix = session.getState().config.prefix
  const isLocalhost = window.location.hostname === 'localhost'

  useEffect(() => () => running.current?.abort(), [])

  const authorize = async () => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setAttempt({ kind: 'waiting' })
    try {
      await auth.authorize(environment, controller.signal)
      if (running.current === controller) setAttempt({ kind: 'idle' })
    } catch (error) {
      if (running.current === controller) setAttempt({ kind: 'failed', error: WorkbenchError.from(error) })
    }
  }
  const isReady =
    config.authorizationUrl.trim() !== '' && config.tokenUrl.trim() !== '' && config.clientId.trim() !== ''

  return (
    <div className="auth-actions oauth-status" data-authorized={status.authorized}>
      <div className="oauth-state" role="status" aria-live="polite">
        <span className={`oauth-dot${status.authorized ? ' is-on' : ''}`} aria-hidden="true" />
        {status.authorized ? (
          <span>
            <strong>Authorized</strong>
            {secondsLeft !== null && (
              <>
                {' '}
                — expires in <span className="oauth-countdown mono">{secondsLeft}</span> s
              </>
            )}
          </span>
        ) : (
          <strong>Not authorized</strong>
        )}
      </div>
      {status.authorized && (
        <p className="auth-help">
          A call made near expiry (60 s, or half a short token&rsquo;s life) refreshes the token first.
        </p>
      )}
      <div className="auth-action-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!isReady || attempt.kind === 'waiting'}
          title={
            isReady
              ? 'Sign in at the provider in a popup'
              : 'Fill in the authorization URL, token URL and client ID first'
          }
          onClick={() => void authorize()}
        >
          {status.authorized ? 'Re-authorize' : 'Authorize'}
        </button>
        {status.authorized && (
          <button type="button" className="btn" onClick={() => auth.signOut(environment.id)}>
            Sign out
          </button>
        )}
        {attempt.kind === 'waiting' && (
          <>
            <span className="auth-help">
              <Spinner label="Waiting for the sign-in window" size={12} /> Waiting for the sign-in window…
            </span>
            <button type="button" className="btn btn-ghost" onClick={() => running.current?.abort()}>
              Cancel
            </button>
          </>
        )}
      </div>
      {attempt.kind === 'failed' && (
        <div className="auth-preview is-error" role="alert">
          <div className="auth-preview-title">
            <Icon name="alert" size={14} /> {attempt.error.message}
          </div>
          {attempt.error.hint && <p className="auth-help">{attempt.error.hint}</p>}
        </div>
      )}
      {!isLocalhost && (
        <div className="auth-note">
          This page is open at <span className="mono">{window.location.host}</span>, but the provider sends the sign-in
          back to <span className="mono">localhost</span> (the redirect URI above), which this page cannot hear from.{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              const token = readSessionToken()
              const port = window.location.port ? `:${window.location.port}` : ''
              window.location.assign(
                `${window.location.protocol}//localhost${port}${prefix}/${token ? `#token=${token}` : ''}`,
              )
            }}
          >
            Open the workbench at localhost
          </button>
        </div>
      )}
    </div>
  )
}
