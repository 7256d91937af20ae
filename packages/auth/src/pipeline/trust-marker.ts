/**
 * The trust marker of an environment: its TLS trust settings (a CA certificate, allow self-signed) for every call and
 * every protocol, whatever the auth type. The settings are public material, so they go to every host the environment
 * reaches; only credentials are bound to approved hosts.
 */
import { TRUST_MARKER, WorkbenchError, substitute, type SubstitutionOptions, type TrustMarker } from '@wirebench/core'
import type { TrustSettings } from '../environment.js'
import { readPem } from '../pem/pem.js'

export interface TrustOutput {
  /** `{ __workbenchTrust__: json }`, or empty when the settings are the defaults. */
  markers: Record<string, string>
  /** The same settings as an object (token requests carry it), undefined when they are the defaults. */
  trust?: TrustMarker
  /** Variables the CA field references that nothing defines. */
  unknown: string[]
}

export function trustMarkerFor(trust: TrustSettings | undefined, substitution: SubstitutionOptions): TrustOutput {
  if (!trust) return { markers: {}, unknown: [] }
  const ca = substitute(trust.caCertificate, substitution)
  const marker: TrustMarker = {}
  if (ca.value.trim() !== '') {
    if (readPem(ca.value)?.label !== 'CERTIFICATE') {
      throw new WorkbenchError(
        'invalid_request',
        'The CA certificate in the environment’s TLS trust settings is not a PEM certificate.',
        {
          hint: 'Paste the CA certificate that issued the server certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
        },
      )
    }
    marker.caCertificate = ca.value
  }
  if (trust.allowSelfSigned) marker.allowSelfSigned = true
  const isDefault = marker.caCertificate === undefined && marker.allowSelfSigned === undefined
  if (isDefault) return { markers: {}, unknown: ca.unknown }
  return { markers: { [TRUST_MARKER]: JSON.stringify(marker) }, trust: marker, unknown: ca.unknown }
}
