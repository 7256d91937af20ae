/**
 * `{configDir}/environments.json` (DESIGN.md §7): validated and migrated on load, written atomically as stable,
 * human-readable JSON (0600 in a 0700 dir, never through a symlink), one operation at a time, with a revision for
 * optimistic concurrency; a file that fails validation is moved aside and reported, never overwritten silently.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import { DEFAULT_TRUST, ENVIRONMENTS_VERSION, emptyHosts, locateJsonError } from '@wirebench/auth'
import type { DocumentIssue, EnvironmentsDocument, EnvironmentsIssue, ParseEnvironmentsResult } from '@wirebench/auth'
import {
  ensurePrivateDir,
  isNotFound,
  isSymlinkRefusal,
  moveAside,
  readRegularFile,
  removeOrphanedTemps,
  tightenPrivateFile,
  writeFileAtomic,
} from '@wirebench/workspace'
import { createSerialQueue } from '@wirebench/workspace'
import { serializeEnvironments } from './environment-format.js'

export const ENVIRONMENTS_FILE = 'environments.json'

/** Validates a parsed JSON value and migrates older versions forward (the auth package's parser). */
export type EnvironmentsParser = (json: unknown) => ParseEnvironmentsResult

export interface EnvironmentsSnapshot {
  document: EnvironmentsDocument
  /** Changes whenever the stored file changes; a save may name the revision it started from. */
  revision: string
  issues: EnvironmentsIssue[]
}

export interface SaveInput {
  document: EnvironmentsDocument
  /** When given and the stored revision differs, the save is refused with `conflict`. */
  baseRevision?: string
}

export interface EnvironmentStore {
  readonly path: string
  /** Creates the config dir and sets an unusable file aside, at start-up (GET must have no side effects). */
  init(): Promise<void>
  load(): Promise<EnvironmentsSnapshot>
  save(input: SaveInput): Promise<{ revision: string }>
}

export interface EnvironmentStoreOptions {
  configDir: string
  parse: EnvironmentsParser
  /** Operations waiting for their turn beyond which new ones are refused. */
  maxQueued?: number
  /** A hand-edited file larger than this is not read. */
  maxFileBytes?: number
}

/** What the store holds before the first save: one environment without auth. The file is not written for it. */
export function defaultEnvironments(): EnvironmentsDocument {
  return {
    version: ENVIRONMENTS_VERSION,
    environments: [
      {
        id: 'default',
        name: 'Default',
        vars: {},
        auth: { type: 'none' },
        trust: { ...DEFAULT_TRUST },
        hosts: emptyHosts(),
      },
    ],
    activeEnvironmentId: 'default',
  }
}

export function revisionOf(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32)
}

type Stored =
  | { kind: 'missing' }
  | { kind: 'link' }
  | { kind: 'valid'; document: EnvironmentsDocument; revision: string; migrated: boolean }
  | { kind: 'unusable'; revision: string; message: string; errors?: DocumentIssue[] }

const tempPrefix = '.environments-'
const staleTempMs = 60_000

export function createEnvironmentStore(options: EnvironmentStoreOptions): EnvironmentStore {
  const { configDir, parse } = options
  const path = join(configDir, ENVIRONMENTS_FILE)
  const maxFileBytes = options.maxFileBytes ?? 8 * 1024 * 1024
  const queue = createSerialQueue(options.maxQueued ?? 64)
  // Files this process moved aside; reported until the next successful save (the user has then seen them).
  let movedAside: EnvironmentsIssue[] = []

  async function readStored(): Promise<Stored> {
    let bytes: Buffer
    try {
      bytes = await readRegularFile(path, maxFileBytes)
    } catch (error) {
      if (isNotFound(error)) return { kind: 'missing' }
      if (isSymlinkRefusal(error)) return { kind: 'link' }
      if (WorkbenchError.is(error, 'storage_corrupt')) {
        return { kind: 'unusable', revision: 'unreadable', message: `${ENVIRONMENTS_FILE}: ${error.message}` }
      }
      throw error
    }
    const revision = revisionOf(bytes)
    const text = bytes.toString('utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      // Only the position: JSON.parse's message (and even the locator's) quotes the file, which holds secrets.
      const where = locateJsonError(text)
      const at = where ? ` (line ${where.line}, column ${where.column})` : ''
      return { kind: 'unusable', revision, message: `${ENVIRONMENTS_FILE} is not valid JSON${at}.` }
    }
    const parsed = parse(json)
    if (!parsed.ok) {
      const first = parsed.issues[0]
      const where = first ? `: ${first.path} ${first.message}` : ''
      return {
        kind: 'unusable',
        revision,
        message: `${ENVIRONMENTS_FILE} is not a valid environments document${where}.`,
        errors: parsed.issues.slice(0, 50),
      }
    }
    return { kind: 'valid', document: parsed.document, revision, migrated: parsed.migrated }
  }

  async function setAside(stored: Extract<Stored, { kind: 'unusable' }>): Promise<void> {
    const movedTo = await moveAside(configDir, ENVIRONMENTS_FILE)
    movedAside.push({
      message: `${stored.message} It was moved to ${movedTo} and the workbench started from the default environments.`,
      movedTo,
      ...(stored.errors ? { errors: stored.errors } : {}),
    })
  }

  /** Temp files a killed writer left behind hold secrets too (0600, but still copies of them). */
  const removeOrphans = () => removeOrphanedTemps({ dir: configDir, tempPrefix, staleMs: staleTempMs })

  function snapshotOf(stored: Stored): EnvironmentsSnapshot {
    switch (stored.kind) {
      case 'valid':
        return { document: stored.document, revision: stored.revision, issues: [...movedAside] }
      case 'missing':
        return { document: defaultEnvironments(), revision: revisionOf(''), issues: [...movedAside] }
      case 'link':
        return {
          document: defaultEnvironments(),
          revision: 'link',
          issues: [
            ...movedAside,
            {
              message: `${ENVIRONMENTS_FILE} is a symbolic link; the workbench neither reads nor writes through links to files that hold secrets. Remove the link (move the real file to ${path}) and reload.`,
            },
          ],
        }
      case 'unusable':
        return {
          document: defaultEnvironments(),
          revision: stored.revision,
          issues: [
            ...movedAside,
            {
              message: `${stored.message} It is kept as it is until you save; saving moves it aside first.`,
              ...(stored.errors ? { errors: stored.errors } : {}),
            },
          ],
        }
    }
  }

  async function saveInTurn(input: SaveInput, text: string): Promise<{ revision: string }> {
    await ensurePrivateDir(configDir, true)
    const stored = await readStored()
    if (stored.kind === 'link') {
      throw new WorkbenchError('forbidden', `${ENVIRONMENTS_FILE} is a symbolic link and is not written through.`, {
        hint: `Remove the link ${path} (keep its target somewhere safe) and save again.`,
      })
    }
    const current = snapshotOf(stored).revision
    if (input.baseRevision !== undefined && input.baseRevision !== current) {
      throw new WorkbenchError('conflict', 'The environments were changed elsewhere since they were loaded.', {
        hint: 'Reload the environments (another tab or an editor saved them), then apply your change again.',
      })
    }
    if (stored.kind === 'unusable') await setAside(stored)
    // A link planted after the check above is replaced by the rename, never written through.
    await writeFileAtomic({ dir: configDir, name: ENVIRONMENTS_FILE, content: text, tempPrefix })
    movedAside = []
    return { revision: revisionOf(text) }
  }

  return {
    path,
    init: () =>
      queue.run(async () => {
        await ensurePrivateDir(configDir, true)
        // Before anything else, so a hand-made 0644 file (and the copy set aside below) stops being readable by others.
        await tightenPrivateFile(path)
        await removeOrphans()
        const stored = await readStored()
        if (stored.kind === 'unusable') await setAside(stored)
        // Written back at once: an older version, or a field that must not stay on disk (an mTLS passphrase from
        // before it became memory-only), is gone from the file on the first start, not at the next save.
        if (stored.kind === 'valid' && stored.migrated) {
          const content = serializeEnvironments(stored.document)
          await writeFileAtomic({ dir: configDir, name: ENVIRONMENTS_FILE, content, tempPrefix })
        }
      }),
    load: () => queue.run(async () => snapshotOf(await readStored())),
    async save(input) {
      // Serialised before queueing: a document that cannot be written fails without waiting for a turn.
      const text = serializeEnvironments(input.document)
      return queue.run(async () => {
        try {
          return await saveInTurn(input, text)
        } catch (error) {
          // A failed save may have left its own temp file (a failed unlink) next to older orphans: none may stay.
          await removeOrphans().catch(() => undefined)
          throw error
        }
      })
    },
  }
}
