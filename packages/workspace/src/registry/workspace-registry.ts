/**
 * `{config_dir}/workspaces.json`: the workspaces this workbench knows (id, name, folder) and the active one. The
 * default workspace, `{config_dir}/workspaces/default/`, is always listed and cannot be forgotten. A private config
 * file like `environments.json` (0600, atomic writes, set aside when unusable).
 */
import { randomBytes } from 'node:crypto'
import { isAbsolute, join, resolve } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import { ensurePrivateDir, isNotFound, moveAside, readRegularFile, writeFileAtomic } from '../files/atomic-file.js'
import { createSerialQueue } from '../files/serial-queue.js'

export const REGISTRY_FILE = 'workspaces.json'
export const DEFAULT_WORKSPACE_ID = 'default'
const REGISTRY_VERSION = 1

export interface WorkspaceRecord {
  id: string
  name: string
  dir: string
}

export interface RegistryDocument {
  version: typeof REGISTRY_VERSION
  activeId: string
  workspaces: WorkspaceRecord[]
}

export interface WorkspaceRegistry {
  readonly defaultDir: string
  load(): Promise<RegistryDocument>
  /** Remembers `dir` (absolute; by default a new folder under the config dir) under `name`; a known folder keeps its id. */
  add(name: string, dir?: string): Promise<WorkspaceRecord>
  rename(id: string, name: string): Promise<WorkspaceRecord>
  forget(id: string): Promise<WorkspaceRecord>
  activate(id: string): Promise<void>
  /** Messages about a registry file that was unusable and set aside. */
  issues(): string[]
}

const tempPrefix = '.workspaces-'

function slug(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `${base === '' ? 'workspace' : base}-${randomBytes(3).toString('hex')}`
}

function isRecordList(value: unknown): value is WorkspaceRecord[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as WorkspaceRecord).id === 'string' &&
        /^[a-z0-9-]{1,64}$/.test((item as WorkspaceRecord).id) &&
        typeof (item as WorkspaceRecord).name === 'string' &&
        typeof (item as WorkspaceRecord).dir === 'string' &&
        isAbsolute((item as WorkspaceRecord).dir),
    )
  )
}

export function createWorkspaceRegistry(configDir: string): WorkspaceRegistry {
  const defaultDir = join(configDir, 'workspaces', DEFAULT_WORKSPACE_ID)
  const queue = createSerialQueue(64)
  const problems: string[] = []

  function withDefault(document: RegistryDocument): RegistryDocument {
    const workspaces = document.workspaces.filter((w) => w.id !== DEFAULT_WORKSPACE_ID)
    const stored = document.workspaces.find((w) => w.id === DEFAULT_WORKSPACE_ID)
    const known = [{ id: DEFAULT_WORKSPACE_ID, name: stored?.name ?? 'Default', dir: defaultDir }, ...workspaces]
    const activeId = known.some((w) => w.id === document.activeId) ? document.activeId : DEFAULT_WORKSPACE_ID
    return { version: REGISTRY_VERSION, activeId, workspaces: known }
  }

  async function read(): Promise<RegistryDocument> {
    const empty: RegistryDocument = { version: REGISTRY_VERSION, activeId: DEFAULT_WORKSPACE_ID, workspaces: [] }
    let bytes: Buffer
    try {
      bytes = await readRegularFile(join(configDir, REGISTRY_FILE), 4 * 1024 * 1024)
    } catch (error) {
      if (isNotFound(error)) return withDefault(empty)
      throw error
    }
    try {
      const json = JSON.parse(bytes.toString('utf8')) as Partial<RegistryDocument>
      if (json.version === REGISTRY_VERSION && typeof json.activeId === 'string' && isRecordList(json.workspaces)) {
        return withDefault(json as RegistryDocument)
      }
    } catch {
      // Falls through: set aside below.
    }
    await ensurePrivateDir(configDir, true)
    const aside = await moveAside(configDir, REGISTRY_FILE, '.json')
    problems.push(`${REGISTRY_FILE} was not a valid list of workspaces; it was moved to ${aside}.`)
    return withDefault(empty)
  }

  async function write(document: RegistryDocument): Promise<void> {
    await ensurePrivateDir(configDir, true)
    await writeFileAtomic({
      dir: configDir,
      name: REGISTRY_FILE,
      content: `${JSON.stringify(document, null, 2)}\n`,
      tempPrefix,
    })
  }

  function find(document: RegistryDocument, id: string): WorkspaceRecord {
    const record = document.workspaces.find((w) => w.id === id)
    if (!record) {
      throw new WorkbenchError('not_found', `No workspace with id "${id}".`, {
        hint: 'List the workspaces (GET /api/workspaces) and use one of their ids.',
      })
    }
    return record
  }

  return {
    defaultDir,
    load: () => queue.run(read),
    issues: () => [...problems],
    add: (name, dir) =>
      queue.run(async () => {
        const document = await read()
        const id = slug(name)
        const absolute = dir === undefined ? join(configDir, 'workspaces', id) : resolve(dir)
        const known = document.workspaces.find((w) => w.dir === absolute)
        if (known) return known
        const record = { id, name, dir: absolute }
        await write({ ...document, workspaces: [...document.workspaces, record] })
        return record
      }),
    rename: (id, name) =>
      queue.run(async () => {
        const document = await read()
        const record = { ...find(document, id), name }
        await write({ ...document, workspaces: document.workspaces.map((w) => (w.id === id ? record : w)) })
        return record
      }),
    forget: (id) =>
      queue.run(async () => {
        if (id === DEFAULT_WORKSPACE_ID) {
          throw new WorkbenchError('invalid_request', 'The default workspace cannot be removed.', {
            hint: 'Remove its saved requests instead, or switch to another workspace.',
          })
        }
        const document = await read()
        const record = find(document, id)
        const workspaces = document.workspaces.filter((w) => w.id !== id)
        const activeId = document.activeId === id ? DEFAULT_WORKSPACE_ID : document.activeId
        await write({ ...document, activeId, workspaces })
        return record
      }),
    activate: (id) =>
      queue.run(async () => {
        const document = await read()
        find(document, id)
        await write({ ...document, activeId: id })
      }),
  }
}
