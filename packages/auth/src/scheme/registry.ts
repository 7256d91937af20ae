/** Every auth scheme by type id, in the order the UI lists them, plus the fields every type shares. */
import { WorkbenchError } from '@wirebench/core'
import type { AuthConfig, AuthType } from '../environment.js'
import { apiKeyScheme } from '../schemes/apikey.js'
import { sigV4Scheme } from '../schemes/aws-sigv4.js'
import { basicScheme } from '../schemes/basic.js'
import { bearerScheme } from '../schemes/bearer.js'
import { customTokenScheme } from '../schemes/custom-token.js'
import { jwtScheme } from '../schemes/jwt.js'
import { mtlsScheme } from '../schemes/mtls.js'
import { noneScheme } from '../schemes/none.js'
import { oauth2AuthorizationCodeScheme } from '../schemes/oauth2-ac.js'
import { oauth2ClientCredentialsScheme } from '../schemes/oauth2-cc.js'
import type { AuthField, AuthScheme } from './types.js'

type SchemeMap = { [T in AuthType]: AuthScheme<Extract<AuthConfig, { type: T }>> }

const schemes: SchemeMap = {
  none: noneScheme,
  bearer: bearerScheme,
  basic: basicScheme,
  apikey: apiKeyScheme,
  jwt: jwtScheme,
  oauth2_cc: oauth2ClientCredentialsScheme,
  oauth2_ac: oauth2AuthorizationCodeScheme,
  custom_token: customTokenScheme,
  aws_sigv4: sigV4Scheme,
  mtls: mtlsScheme,
}

export const authTypes = Object.keys(schemes) as AuthType[]

/** Every scheme, in display order. */
export const authSchemes: ReadonlyArray<AuthScheme> = authTypes.map((type) => schemes[type] as unknown as AuthScheme)

export function isAuthType(value: unknown): value is AuthType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(schemes, value)
}

export function schemeFor<T extends AuthType>(type: T): AuthScheme<Extract<AuthConfig, { type: T }>> {
  if (!isAuthType(type)) {
    throw new WorkbenchError('invalid_request', `Unknown auth type "${String(type)}".`, {
      hint: `Use one of ${authTypes.join(', ')}.`,
    })
  }
  return schemes[type]
}

/** A new config of `type` with the scheme's defaults. */
export function defaultAuthConfig<T extends AuthType>(type: T): Extract<AuthConfig, { type: T }> {
  return schemeFor(type).defaults()
}

/** Shown under every type: `persistCookies` routes REST calls through the environment's in-memory cookie jar. */
export const persistCookiesField: AuthField = {
  key: 'persistCookies',
  label: 'Keep cookies (REST)',
  kind: 'boolean',
  optional: true,
  help: 'Replays cookies set by responses on later REST requests to the same origin; memory only.',
}

/** Keys of the fields the UI keeps in memory only, never in the stored config (the mTLS passphrase). */
export function memoryOnlyFieldsOf(auth: Pick<AuthConfig, 'type'>): string[] {
  if (!isAuthType(auth.type)) return []
  return (schemeFor(auth.type).fields as ReadonlyArray<AuthField<never>>).filter((f) => f.memoryOnly).map((f) => f.key)
}

/** A copy without the memory-only fields (the mTLS passphrase): what may be saved or sent to the server. */
export function stripMemoryOnlyAuth<C extends AuthConfig>(auth: C): C {
  const copy: Record<string, unknown> = { ...auth }
  for (const key of memoryOnlyFieldsOf(auth)) delete copy[key]
  return copy as C
}

/** Keys of the fields that hold secrets (masked in the UI, `***` in exports); memory-only ones included. */
export function secretFieldsOf(auth: AuthConfig): string[] {
  if (!isAuthType(auth.type)) return []
  return (schemeFor(auth.type).fields as ReadonlyArray<AuthField<never>>).filter((f) => f.secret).map((f) => f.key)
}
