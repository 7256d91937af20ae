/** The auth of one environment: the type, the scheme's declared fields rendered generically, and the type's actions. */
import { useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import {
  authSchemes,
  defaultAuthConfig,
  persistCookiesField,
  schemeFor,
  type AuthConfig,
  type AuthField,
  type AuthScheme,
  type AuthType,
  type Environment,
} from '@wirebench/auth'
import { useWorkbench } from '../../state/useWorkbench.js'
import { unknownReferences } from '../environments/variable-rules.js'
import { AuthActions } from './AuthActions.js'
import { AuthFieldInput } from './AuthFieldInput.js'
import { ClearCookiesButton } from './ClearCookiesButton.js'
import '../../styles/auth.css'

export function AuthPanel({ environment }: { environment: Environment }): ReactElement {
  const { environments, auth: session } = useWorkbench()
  const memory = useStore(session.memorySecrets, (s) => s.values[environment.id])
  const { id, auth, vars } = environment
  const scheme = schemeFor(auth.type) as unknown as AuthScheme
  // Switching type and back within the session restores what was typed instead of the defaults.
  const earlier = useRef<Partial<Record<AuthType, AuthConfig>>>({})
  const record = auth as unknown as Record<string, unknown>

  const save = (next: AuthConfig) => environments.getState().setAuth(id, next)
  const changeType = (type: AuthType) => {
    earlier.current[auth.type] = auth
    const next = earlier.current[type] ?? defaultAuthConfig(type)
    save(auth.persistCookies ? { ...next, persistCookies: true } : next)
  }
  const valueOf = (field: AuthField): string | boolean => {
    if (field.valueFor) return field.valueFor({ redirectUri: session.redirectUri })
    if (field.memoryOnly) return memory?.[field.key] ?? ''
    const value = record[field.key]
    return typeof value === 'boolean' || typeof value === 'string' ? value : ''
  }
  const render = (field: AuthField) => {
    const value = valueOf(field)
    return (
      <AuthFieldInput
        key={field.key}
        field={field}
        label={field.labelFor?.(auth) ?? field.label}
        value={value}
        unknown={typeof value === 'string' && !field.readOnly ? unknownReferences(value, vars) : []}
        isPem={auth.type === 'jwt' && field.key === 'secret' && !auth.algorithm.startsWith('HS')}
        onChange={(next) => {
          // A memory-only value (the mTLS passphrase) stays in this tab: never in the document, never saved.
          if (field.memoryOnly) session.memorySecrets.getState().set(id, field.key, String(next))
          else save({ ...auth, [field.key]: next })
        }}
      />
    )
  }

  return (
    <div className="auth-panel" data-auth-type={auth.type}>
      <div className="auth-field">
        <label className="auth-label" htmlFor={`auth-type-${id}`}>
          Type
        </label>
        <select
          id={`auth-type-${id}`}
          className="select auth-type-select"
          value={auth.type}
          onChange={(e) => changeType(e.target.value as AuthType)}
        >
          {authSchemes.map((s) => (
            <option key={s.type} value={s.type}>
              {s.label}
            </option>
          ))}
        </select>
        <p className="auth-help">
          {scheme.description}
          {scheme.protocols && ` Applies to ${scheme.protocols.join(', ').toUpperCase()} calls only.`}
        </p>
      </div>
      {scheme.fields.filter((field) => field.visibleWhen?.(auth) ?? true).map(render)}
      <AuthActions environment={environment} />
      <div className="auth-cookies">
        {render(persistCookiesField)}
        {auth.persistCookies === true && <ClearCookiesButton environmentId={id} />}
      </div>
    </div>
  )
}
