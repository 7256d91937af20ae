/**
 * The TLS trust settings of one environment: a CA certificate trusted beside the system's, and "allow self-signed".
 * They stand on their own, whatever the auth type (bearer to a private-CA server needs no client certificate), and
 * apply to every protocol and to discovery.
 */
import type { ReactElement } from 'react'
import { DEFAULT_TRUST, type AuthField, type Environment, type TrustSettings } from '@wirebench/auth'
import { useWorkbench } from '../../state/useWorkbench.js'
import { AuthFieldInput } from '../auth/AuthFieldInput.js'
import { unknownReferences } from './variable-rules.js'
import '../../styles/auth.css'

const caField: AuthField = {
  key: 'caCertificate',
  label: 'CA certificate (PEM)',
  kind: 'pem',
  optional: true,
  help:
    'Trusted in addition to the system’s certificate authorities, for every call and discovery of this ' +
    'environment: the CA of a private server, or a self-signed server certificate itself. Accepts ${var}.',
}

const selfSignedField: AuthField = {
  key: 'allowSelfSigned',
  label: 'Allow self-signed (skip certificate checks)',
  kind: 'boolean',
  optional: true,
  help: 'Accepts any server certificate, for development servers only: the connection is then not authenticated.',
}

export function TrustPanel({ environment }: { environment: Environment }): ReactElement {
  const { environments } = useWorkbench()
  const { id, vars, auth } = environment
  const trust: TrustSettings = { ...DEFAULT_TRUST, ...environment.trust }
  const save = (patch: Partial<TrustSettings>) => environments.getState().setTrust(id, { ...trust, ...patch })
  const mtlsPins = auth.type === 'mtls' && auth.caCertificate.trim() !== ''

  return (
    <div className="auth-panel trust-panel" data-trust-panel="">
      <p className="auth-help">
        How the servers of this environment prove who they are. No client certificate is needed for this; the mTLS auth
        type adds one on top.
      </p>
      <AuthFieldInput
        field={caField}
        label={caField.label}
        value={trust.caCertificate}
        unknown={unknownReferences(trust.caCertificate, vars)}
        onChange={(value) => save({ caCertificate: String(value) })}
      />
      <AuthFieldInput
        field={selfSignedField}
        label={selfSignedField.label}
        value={trust.allowSelfSigned}
        unknown={[]}
        onChange={(value) => save({ allowSelfSigned: value === true })}
      />
      {trust.allowSelfSigned && (
        <p className="auth-warn" role="note">
          Certificate checks are off for every server this environment calls.
        </p>
      )}
      {mtlsPins && (
        <p className="auth-help" role="note">
          The mTLS auth’s own CA certificate pins the chain: with it, the system’s authorities are not used, and only
          that CA and the one above are trusted.
        </p>
      )}
    </div>
  )
}
