/** The lock beside the environment dropdown: shown when the active environment adds auth, titled with its type. */
import type { ReactElement } from 'react'
import type { AuthConfig } from '@wirebench/auth'
import { Icon } from '../../components/Icon.js'
import { authTypeLabel } from '../auth/auth-schemes.js'

export function LockBadge({ auth }: { auth: AuthConfig }): ReactElement | null {
  if (auth.type === 'none') return null
  const label = `Auth: ${authTypeLabel(auth.type)}${auth.persistCookies ? ' + cookie jar' : ''}`
  return (
    <span className="env-lock" role="img" aria-label={label} title={label} data-auth-type={auth.type}>
      <Icon name="lock" size={14} />
    </span>
  )
}
