/**
 * Brings an environments document of any known version to the current one, one step per version:
 * - no version (hand-written) → 1: read as version 1;
 * - 1 → 2: every environment gets the TLS trust settings (none: system roots only, checks on) and an empty host
 *   binding (every host is asked about once).
 * A step only adds what the newer version has; whatever else is wrong is left for validation to report.
 */
import { ENVIRONMENTS_VERSION } from '../environment.js'

export interface MigrationResult {
  /** The document in the current version's shape (not yet validated); the input itself when it is not migratable. */
  value: unknown
  /** The version the input declared; null when it had none. */
  fromVersion: number | null
  /** True when the value differs from the input and should be written back. */
  migrated: boolean
}

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The trust settings an environment had before they existed: the system's roots, certificate checks on. */
export const DEFAULT_TRUST = Object.freeze({ caCertificate: '', allowSelfSigned: false })

/** No host decided yet: the first call to each host asks. */
export const emptyHosts = (): { approved: string[]; refused: string[] } => ({ approved: [], refused: [] })

const steps: Record<number, (document: Json) => Json> = {
  1: (document) => ({
    ...document,
    version: 2,
    environments: Array.isArray(document['environments'])
      ? document['environments'].map((environment: unknown) =>
          isRecord(environment)
            ? {
                ...environment,
                ...('trust' in environment ? {} : { trust: { ...DEFAULT_TRUST } }),
                ...('hosts' in environment ? {} : { hosts: emptyHosts() }),
              }
            : environment,
        )
      : document['environments'],
  }),
}

export function migrateEnvironmentsDocument(json: unknown): MigrationResult {
  if (!isRecord(json)) return { value: json, fromVersion: null, migrated: false }
  const declared = json['version']
  const fromVersion = typeof declared === 'number' ? declared : null
  let value: Json = json
  // A hand-written file without a version but with environments is read as version 1.
  if (declared === undefined && Array.isArray(json['environments'])) value = { ...json, version: 1 }
  const stepFrom = (document: Json) =>
    typeof document['version'] === 'number' ? steps[document['version']] : undefined
  for (let step = stepFrom(value); step; step = stepFrom(value)) value = step(value)
  if (value['version'] === ENVIRONMENTS_VERSION && !('activeEnvironmentId' in value)) {
    value = { ...value, activeEnvironmentId: null }
  }
  return { value, fromVersion, migrated: value !== json }
}
