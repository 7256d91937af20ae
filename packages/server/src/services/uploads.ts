/**
 * Schema uploads: routed to a plugin by extension, discovered before they are kept, re-discovered on start,
 * and set aside (never dropped) when a stored file no longer parses.
 */
import { WorkbenchError } from '@wirebench/core'
import type {
  UploadIssue,
  Logger,
  ProtocolPlugin,
  SchemaFile,
  ServiceInfo,
  UploadResponse,
  UploadSetResponse,
  UploadSummary,
  UploadsResponse,
} from '@wirebench/core'
import { withDeadline } from './deadline.js'
import type { PluginRegistry } from './plugin-registry.js'
import { extensionOf, validateAsideName, validateUploadName } from './upload-names.js'
import { validateUploadSet, writeUploadSet } from './upload-set.js'
import { isAsideName } from './upload-store.js'
import type { UploadStore } from './upload-store.js'

interface Entry {
  summary: UploadSummary
  services: ServiceInfo[]
}

export interface UploadService {
  load(logger: Logger): Promise<void>
  add(name: string, content: Uint8Array, logger: Logger): Promise<UploadResponse>
  /** Several files as one operation: each read with the others in view; all kept, or none. */
  addSet(files: readonly SchemaFile[], logger: Logger): Promise<UploadSetResponse>
  list(): UploadsResponse
  remove(name: string): Promise<void>
}

export interface UploadServiceOptions {
  store: UploadStore
  registry: PluginRegistry
  timeoutMs: number
}

// Errors that mean "this content is not a document the plugin can read"; anything else (a plugin fault, a timeout)
// leaves a stored file where it is.
const parseFailures = new Set(['invalid_document', 'no_services'])

export function createUploadService(options: UploadServiceOptions): UploadService {
  const { store, registry } = options
  const entries = new Map<string, Entry>()
  const issues: UploadIssue[] = []
  // Uploads and removals run one at a time so the directory and the in-memory list never disagree.
  let queue: Promise<unknown> = Promise.resolve()
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  function pluginFor(name: string): ProtocolPlugin {
    const ext = extensionOf(name)
    const plugin = registry.forExtension(ext)
    if (plugin) return plugin
    const accepted = registry.uploadExtensions()
    throw new WorkbenchError('no_plugin', `No plugin handles ${ext || 'files without an extension'} files.`, {
      hint: accepted.length > 0 ? `Accepted extensions: ${accepted.join(', ')}.` : 'No registered plugin reads files.',
      details: { extension: ext, accepted },
    })
  }

  /**
   * The other files a plugin that resolves imports between files (.proto) reads beside `name`: the rest of the set
   * being uploaded, then the stored uploads the set does not replace.
   */
  async function siblingsOf(plugin: ProtocolPlugin, name: string, set: readonly SchemaFile[]): Promise<SchemaFile[]> {
    if (!plugin.uploadSiblings) return []
    const same = (other: string) => other !== name && registry.forExtension(extensionOf(other)) === plugin
    const inSet = new Set(set.map((f) => f.name))
    const fromSet = set.filter((f) => same(f.name))
    const stored = (await store.list()).map((f) => f.name).filter((other) => same(other) && !inSet.has(other))
    return [
      ...fromSet,
      ...(await Promise.all(stored.map(async (other) => ({ name: other, content: await store.read(other) })))),
    ]
  }

  async function discoverFile(plugin: ProtocolPlugin, file: SchemaFile, set: readonly SchemaFile[], logger: Logger) {
    const files = [file, ...(await siblingsOf(plugin, file.name, set))]
    // A failed discovery leaves the plugin's previous state for the file in place (the contract), so a broken
    // replacement never takes the working version away.
    const found = await withDeadline({ timeoutMs: options.timeoutMs, logger }, (ctx) =>
      plugin.discover({ kind: 'files', files }, ctx),
    )
    return found.map((s) => ({ ...s, protocol: plugin.id, originUrl: file.name, isUploaded: true }))
  }

  /**
   * Puts the plugins' state for files of a set that was not kept back as it was: the stored version is read again,
   * and a file that was new is forgotten.
   */
  async function restore(names: readonly string[], logger: Logger): Promise<void> {
    for (const name of names) {
      const plugin = registry.forExtension(extensionOf(name))
      if (!plugin) continue
      if (!entries.has(name)) {
        plugin.forget?.(name)
        continue
      }
      try {
        await discoverFile(plugin, { name, content: await store.read(name) }, [], logger)
      } catch (caught) {
        logger.warn('could not restore the previous version of an upload', {
          name,
          reason: WorkbenchError.from(caught).message,
        })
      }
    }
  }

  /** The 422 for a file of the set that does not read (too large and plugin faults keep their own codes). */
  function unreadable(caught: unknown, plugin: ProtocolPlugin, name: string, setSize: number): WorkbenchError {
    const error = WorkbenchError.from(caught)
    if (!parseFailures.has(error.code) && error.code !== 'invalid_request') return error
    // The plugin's hint and diagnostics say what to fix (a missing import, a line and column); keep them.
    const reads = `${plugin.name} reads ${(plugin.uploadExtensions ?? []).join(', ')} files.`
    const kept = setSize === 1 ? 'The file was not kept.' : `None of the ${setSize} files was kept.`
    const details = error.details !== null && typeof error.details === 'object' ? error.details : {}
    return new WorkbenchError('invalid_document', `${name} could not be read: ${error.message}`, {
      cause: error,
      hint: `${kept} ${error.hint ?? reads}`,
      details: { ...details, file: name },
    })
  }

  function remember(plugin: ProtocolPlugin, name: string, sizeBytes: number, at: Date, services: ServiceInfo[]) {
    const summary: UploadSummary = {
      name,
      protocol: plugin.id,
      sizeBytes,
      uploadedAt: at.toISOString(),
      servicesFound: services.length,
    }
    entries.set(name, { summary, services })
    return summary
  }

  async function loadOne(name: string, sizeBytes: number, modifiedAt: Date, logger: Logger): Promise<void> {
    const plugin = registry.forExtension(extensionOf(name))
    if (!plugin) {
      issues.push({ name, message: `No plugin handles ${extensionOf(name)} files; the file is kept as is.` })
      return
    }
    try {
      const services = await discoverFile(plugin, { name, content: await store.read(name) }, [], logger)
      remember(plugin, name, sizeBytes, modifiedAt, services)
    } catch (caught) {
      const error = WorkbenchError.from(caught)
      if (!parseFailures.has(error.code)) {
        issues.push({ name, message: `Could not read ${name}: ${error.message}` })
        return
      }
      const movedTo = await store.quarantine(name)
      logger.warn('uploaded file no longer parses; moved aside', { name, movedTo, reason: error.message })
      issues.push({
        name,
        movedTo,
        message: `${name} no longer parses (${error.message}); it was moved to ${movedTo}.`,
      })
    }
  }

  const addSet: UploadService['addSet'] = (files, logger) =>
    serialized(async () => {
      validateUploadSet(files)
      const routed = files.map((file) => ({ file, plugin: pluginFor(file.name) }))
      const found: ServiceInfo[][] = []
      for (const { file, plugin } of routed) {
        try {
          found.push(await discoverFile(plugin, file, files, logger))
        } catch (caught) {
          await restore(
            routed.slice(0, found.length).map((r) => r.file.name),
            logger,
          )
          throw unreadable(caught, plugin, file.name, files.length)
        }
      }
      let stored
      try {
        stored = await writeUploadSet(store, files)
      } catch (error) {
        await restore(
          files.map((f) => f.name),
          logger,
        )
        throw error
      }
      const uploads = routed.map(({ file, plugin }, i) => {
        const index = issues.findIndex((issue) => issue.name === file.name)
        if (index !== -1) issues.splice(index, 1)
        const at = stored[i] ?? { sizeBytes: file.content.byteLength, modifiedAt: new Date() }
        return remember(plugin, file.name, at.sizeBytes, at.modifiedAt, found[i] ?? [])
      })
      return { uploads, services: found.flat() }
    })

  return {
    async load(logger) {
      await store.init()
      const files = await store.list()
      await Promise.all(files.map((f) => loadOne(f.name, f.sizeBytes, f.modifiedAt, logger)))
      // Files set aside earlier stay reported until the user deletes them, so none pile up unseen.
      for (const aside of await store.listAside()) {
        if (issues.some((i) => i.movedTo === aside.name)) continue
        issues.push({
          name: aside.name,
          movedTo: aside.name,
          message: `${aside.name} was set aside because it no longer parsed; delete it when you no longer need it.`,
        })
      }
    },

    async add(name, content, logger) {
      const result = await addSet([{ name, content }], logger)
      return { upload: result.uploads[0] as UploadSummary, services: result.services }
    },

    addSet,

    list() {
      const sorted = [...entries.values()].sort((a, b) => a.summary.name.localeCompare(b.summary.name))
      return {
        uploads: sorted.map((e) => e.summary),
        services: sorted.flatMap((e) => e.services),
        issues: [...issues],
      }
    },

    remove(name) {
      return serialized(async () => {
        if (isAsideName(name)) {
          validateAsideName(name)
          if (!(await store.remove(name))) throw new WorkbenchError('not_found', `No file set aside named ${name}.`)
          const index = issues.findIndex((i) => i.movedTo === name)
          if (index !== -1) issues.splice(index, 1)
          return
        }
        validateUploadName(name)
        const entry = entries.get(name)
        const removed = await store.remove(name)
        if (!entry && !removed) throw new WorkbenchError('not_found', `No uploaded file named ${name}.`)
        entries.delete(name)
        registry.forExtension(extensionOf(name))?.forget?.(name)
      })
    },
  }
}
