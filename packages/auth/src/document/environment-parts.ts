/**
 * Validation of the parts of an environment beside its variables and auth: the TLS trust settings. Each part may be
 * left out (its defaults apply); a part that is present is checked key by key, unknown keys refused.
 */
import type { TrustSettings } from '../environment.js'
import { describe, isRecord, pointer } from './json-shape.js'
import { DEFAULT_TRUST } from './migrate.js'
import type { DocumentIssue } from './parse.js'

export function parseTrust(input: unknown, at: string, issues: DocumentIssue[]): TrustSettings | undefined {
  if (input === undefined) return { ...DEFAULT_TRUST }
  if (!isRecord(input)) {
    issues.push({
      path: at,
      message: `trust must be an object {caCertificate, allowSelfSigned}, not ${describe(input)}.`,
    })
    return undefined
  }
  const before = issues.length
  const trust: TrustSettings = { ...DEFAULT_TRUST }
  for (const [key, value] of Object.entries(input)) {
    if (key === 'caCertificate') {
      if (typeof value === 'string') trust.caCertificate = value
      else
        issues.push({
          path: `${at}/${key}`,
          message: `"caCertificate" must be a string (PEM), not ${describe(value)}.`,
        })
    } else if (key === 'allowSelfSigned') {
      if (typeof value === 'boolean') trust.allowSelfSigned = value
      else
        issues.push({ path: `${at}/${key}`, message: `"allowSelfSigned" must be a boolean, not ${describe(value)}.` })
    } else {
      issues.push({ path: `${at}${pointer(key)}`, message: `trust has no field "${key}".` })
    }
  }
  return issues.length === before ? trust : undefined
}
