/**
 * A credential field of a Postman or Insomnia source: a value that references variables (`{{token}}`) stays a
 * reference (`${token}`); a literal value is a secret and becomes one (see secret-vars).
 */
import type { SecretVars } from './secret-vars.js'
import { fromMustache } from './templates.js'

const reference = /(^|[^$])\$\{[^{}]+\}/

export function credentialValue(value: string, secretName: string, secrets: SecretVars): string {
  if (value === '') return ''
  const converted = fromMustache(value).text
  return reference.test(converted) ? converted : secrets.reference(secretName, value)
}
