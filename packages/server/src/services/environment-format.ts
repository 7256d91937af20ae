/**
 * The on-disk spelling of the environments document: 2-space JSON with a stable key order (known keys in a fixed
 * order, any others sorted after them), so the same document always gives the same bytes and diffs stay readable.
 */
import type { EnvironmentsDocument } from '@wirebench/auth'

const documentKeys = ['version', 'activeEnvironmentId', 'environments']
const environmentKeys = ['id', 'name', 'vars', 'auth', 'trust', 'hosts']
const authKeys = ['type']
const trustKeys = ['caCertificate', 'allowSelfSigned']
const hostKeys = ['approved', 'refused']

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A copy with `first` in that order, then the remaining keys sorted; entries are defined, never assigned (`__proto__`). */
function ordered(value: Record<string, unknown>, first: readonly string[], map?: (key: string, v: unknown) => unknown) {
  const own = Object.keys(value)
  const rest = own.filter((k) => !first.includes(k)).sort()
  const keys = [...first.filter((k) => own.includes(k)), ...rest]
  return Object.fromEntries(keys.map((k) => [k, map ? map(k, value[k]) : value[k]]))
}

function orderEnvironment(environment: unknown): unknown {
  if (!isRecord(environment)) return environment
  return ordered(environment, environmentKeys, (key, v) => {
    // Variables keep the order the user gave them: that order is theirs, not the format's.
    if (key === 'auth' && isRecord(v)) return ordered(v, authKeys)
    if (key === 'trust' && isRecord(v)) return ordered(v, trustKeys)
    if (key === 'hosts' && isRecord(v)) return ordered(v, hostKeys)
    return v
  })
}

export function serializeEnvironments(document: EnvironmentsDocument): string {
  const root = ordered(document as unknown as Record<string, unknown>, documentKeys, (key, v) =>
    key === 'environments' && Array.isArray(v) ? v.map(orderEnvironment) : v,
  )
  return `${JSON.stringify(root, null, 2)}\n`
}
