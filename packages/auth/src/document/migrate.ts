/** Brings an environments document of any known version to the current one (version 1 is the only one so far). */
import { ENVIRONMENTS_VERSION } from '../environment.js'

export interface MigrationResult {
  /** The document in the current version's shape (not yet validated); the input itself when it is not migratable. */
  value: unknown
  /** The version the input declared; null when it had none. */
  fromVersion: number | null
  /** True when the value differs from the input and should be written back. */
  migrated: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

export function migrateEnvironmentsDocument(json: unknown): MigrationResult {
  if (!isRecord(json)) return { value: json, fromVersion: null, migrated: false }
  const declared = json['version']
  if (declared === undefined && Array.isArray(json['environments'])) {
    // A hand-written file without a version but with environments is read as version 1.
    const value: Record<string, unknown> = { ...json, version: ENVIRONMENTS_VERSION }
    if (!('activeEnvironmentId' in value)) value['activeEnvironmentId'] = null
    return { value, fromVersion: null, migrated: true }
  }
  const fromVersion = typeof declared === 'number' ? declared : null
  if (declared === ENVIRONMENTS_VERSION && !('activeEnvironmentId' in json)) {
    return { value: { ...json, activeEnvironmentId: null }, fromVersion, migrated: true }
  }
  return { value: json, fromVersion, migrated: false }
}
