/**
 * Validation of the parts of an environment beside its variables and auth: the TLS trust settings and the hosts its
 * credentials are bound to. Each part may be left out (its defaults apply); a part that is present is checked key by
 * key, unknown keys refused.
 */
import type { HostBinding, TrustSettings } from '../environment.js'
import { readHost } from '../hosts/host-names.js'
import type { DocumentIssue } from './document-issue.js'
import { describe, isRecord, pointer } from './json-shape.js'
import { DEFAULT_TRUST, emptyHosts } from './migrate.js'

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

/** What reading the host lists changed on the way (the document is then written back). */
export interface HostNotes {
  /** An approval of a name on this machine without a port was dropped: it would cover every local program. */
  droppedAnyPortApproval: boolean
}

function parseHostList(
  input: unknown,
  at: string,
  issues: DocumentIssue[],
  options: { isApproved: boolean; notes: HostNotes },
): string[] {
  if (!Array.isArray(input)) {
    issues.push({ path: at, message: `must be a list of host names, not ${describe(input)}.` })
    return []
  }
  const hosts: string[] = []
  input.forEach((item, index) => {
    const reading = typeof item === 'string' ? readHost(item) : { error: `must be a host name, not ${describe(item)}.` }
    if ('error' in reading) issues.push({ path: `${at}/${index}`, message: reading.error })
    // Approvals of `localhost` or `127.0.0.1` from when ports were not told apart: asked again, port by port.
    else if (options.isApproved && reading.isAnyPort) options.notes.droppedAnyPortApproval = true
    // Stored as written by hand is fine; kept in the one spelling calls are compared with.
    else if (!hosts.includes(reading.host)) hosts.push(reading.host)
  })
  return hosts
}

export function parseHosts(
  input: unknown,
  at: string,
  issues: DocumentIssue[],
  notes: HostNotes = { droppedAnyPortApproval: false },
): HostBinding | undefined {
  if (input === undefined) return emptyHosts()
  if (!isRecord(input)) {
    issues.push({ path: at, message: `hosts must be an object {approved, refused}, not ${describe(input)}.` })
    return undefined
  }
  const before = issues.length
  const hosts = emptyHosts()
  for (const [key, value] of Object.entries(input)) {
    if (key === 'approved' || key === 'refused') {
      hosts[key] = parseHostList(value, `${at}/${key}`, issues, { isApproved: key === 'approved', notes })
    } else issues.push({ path: `${at}${pointer(key)}`, message: `hosts has no field "${key}".` })
  }
  hosts.refused.forEach((host, index) => {
    if (hosts.approved.includes(host)) {
      issues.push({ path: `${at}/refused/${index}`, message: `"${host}" is both approved and refused; keep one.` })
    }
  })
  return issues.length === before ? hosts : undefined
}
