/** Versioned localStorage records: every persisted value carries a `version` and is migrated forward on load. */

interface Envelope {
  version: number
  data: unknown
}

export interface PersistedSpec<T> {
  key: string
  version: number
  /** Turns the data of an older version into the current shape; undefined drops it. */
  migrate?: (data: unknown, fromVersion: number) => T | undefined
  /** Accepts only well-formed data of the current version. */
  validate: (data: unknown) => data is T
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function loadPersisted<T>(spec: PersistedSpec<T>): T | undefined {
  const raw = storage()?.getItem(spec.key)
  if (!raw) return undefined
  let envelope: Envelope
  try {
    envelope = JSON.parse(raw) as Envelope
  } catch {
    return undefined
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.version !== 'number') return undefined
  if (envelope.version === spec.version) return spec.validate(envelope.data) ? envelope.data : undefined
  if (envelope.version < spec.version && spec.migrate) {
    const migrated = spec.migrate(envelope.data, envelope.version)
    return migrated !== undefined && spec.validate(migrated) ? migrated : undefined
  }
  return undefined
}

export function savePersisted<T>(spec: PersistedSpec<T>, data: T): void {
  try {
    storage()?.setItem(spec.key, JSON.stringify({ version: spec.version, data } satisfies Envelope))
  } catch {
    // Quota or disabled storage: the value stays in memory for this session.
  }
}
