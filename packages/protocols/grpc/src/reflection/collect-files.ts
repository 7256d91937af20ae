/**
 * Walks server reflection from the service list to a complete, repaired descriptor set: the file of each service,
 * then every import (by file name) and every referenced type no file defines (by symbol), until nothing is missing.
 */
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt'
import { WorkbenchError } from '@wirebench/core'
import { repairDescriptors } from '../descriptors/repair.js'
import { wellKnownFiles } from '../descriptors/well-known.js'
import { missingFileHint, missingSymbolHint } from '../errors.js'
import { ReflectionLookupError } from './reflection-client.js'
import type { ReflectedFile, ReflectionClient } from './reflection-client.js'
import { isInternalService } from './reflection-schema.js'

export interface CollectedFiles {
  /** The services to show, in the server's order. */
  services: string[]
  files: FileDescriptorProto[]
}

export interface CollectOptions {
  showInternalServices: boolean
  /** Upper bound on the services (after hiding internal ones) one target may list. */
  maxServices: number
  /** Upper bound on descriptor files kept for one target. */
  maxFiles: number
  /** Upper bound on the encoded size of all descriptor files kept for one target. */
  maxBytes: number
  /** Reflection requests in flight at once. */
  concurrency: number
}

/** The bounds discovery uses; `maxMessageBytes` is the read limit of one reflection reply. */
export const reflectionLimits = {
  maxServices: 1_000,
  maxFiles: 2_000,
  maxBytes: 64 * 1024 * 1024,
  concurrency: 8,
  maxMessageBytes: 16 * 1024 * 1024,
} as const

const seeded = [...wellKnownFiles.values()].map((f) => f.proto)
const uploadInstead = 'Upload the .proto files of the services you need on the Schema Files tab instead.'

export async function collectFiles(client: ReflectionClient, options: CollectOptions): Promise<CollectedFiles> {
  const services = (await client.listServices()).filter((s) => options.showInternalServices || !isInternalService(s))
  if (services.length > options.maxServices) {
    throw new WorkbenchError(
      'payload_too_large',
      `The server lists ${services.length} services; reflection discovery takes at most ${options.maxServices}.`,
      { hint: uploadInstead, details: { limit: 'maxServices', max: options.maxServices } },
    )
  }
  const files = new Map<string, FileDescriptorProto>()
  let bytes = 0
  // Checked as each answer arrives, so a server cannot make us hold more than the bounds plus the answers in flight.
  const add = (received: ReflectedFile[]): void => {
    for (const file of received) {
      if (files.has(file.proto.name)) continue
      if (files.size >= options.maxFiles) {
        throw new WorkbenchError('payload_too_large', `The server describes more than ${options.maxFiles} files.`, {
          hint: uploadInstead,
          details: { limit: 'maxFiles', max: options.maxFiles },
        })
      }
      bytes += file.bytes
      if (bytes > options.maxBytes) {
        throw new WorkbenchError(
          'payload_too_large',
          `The server's descriptors exceed ${formatMiB(options.maxBytes)} in total.`,
          { hint: uploadInstead, details: { limit: 'maxBytes', max: options.maxBytes } },
        )
      }
      files.set(file.proto.name, file.proto)
    }
  }

  const bySymbol = async (symbol: string): Promise<ReflectedFile[] | undefined> => {
    try {
      return await client.fileContainingSymbol(symbol)
    } catch (error) {
      if (error instanceof ReflectionLookupError) return undefined
      throw error
    }
  }

  await forEachLimited(services, options.concurrency, async (service) => {
    const received = await bySymbol(service)
    if (received) add(received)
  })
  const missingService = services.find((s) => ![...files.values()].some((f) => definesService(f, s)))
  if (missingService !== undefined) {
    throw new WorkbenchError(
      'not_found',
      `The server lists ${missingService} but reflection has no descriptor for it.`,
      {
        hint: missingSymbolHint(missingService),
        details: { symbol: missingService },
      },
    )
  }

  // Imports by file name, then references no file defines (servers with empty dependency lists), until closed.
  // Repairs are idempotent, so each round repairs the whole set in place.
  for (let round = 0; round < 8; round++) {
    await fetchImports(client, files, add)
    const repaired = repairDescriptors([...files.values()], seeded)
    if (repaired.unresolved.length === 0) return { services, files: repaired.files }
    const references = new Map(repaired.unresolved.map((u) => [u.reference, u.candidates]))
    for (const [reference, candidates] of references) {
      let received: ReflectedFile[] | undefined
      for (const candidate of candidates) {
        received = await bySymbol(candidate)
        if (received) break
      }
      if (!received) {
        throw new WorkbenchError('not_found', `The type ${reference} is not defined by any file the server sends.`, {
          hint: missingSymbolHint(reference),
          details: { symbol: reference },
        })
      }
      add(received)
    }
  }
  throw new WorkbenchError('upstream_invalid', 'Server reflection did not converge on a complete set of descriptors.')
}

async function fetchImports(
  client: ReflectionClient,
  files: Map<string, FileDescriptorProto>,
  add: (received: ReflectedFile[]) => void,
): Promise<void> {
  for (;;) {
    const missing = new Map<string, string>()
    for (const file of files.values()) {
      for (const d of file.dependency) if (!files.has(d) && !wellKnownFiles.has(d)) missing.set(d, file.name)
    }
    if (missing.size === 0) return
    for (const [name, importedBy] of missing) {
      try {
        add(await client.fileByFilename(name))
      } catch (error) {
        if (!(error instanceof ReflectionLookupError)) throw error
        throw new WorkbenchError('not_found', `${name}, imported by ${importedBy}, is not served by reflection.`, {
          hint: missingFileHint(name),
          details: { file: name },
        })
      }
      if (!files.has(name)) {
        throw new WorkbenchError('upstream_invalid', `The server answered the request for ${name} with other files.`)
      }
    }
  }
}

function definesService(file: FileDescriptorProto, name: string): boolean {
  return file.service.some((s) => (file.package ? `${file.package}.${s.name}` : s.name) === name)
}

/** Runs `task` over `items` with at most `limit` at once; the first failure stops new tasks and is thrown. */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T
      try {
        await task(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

function formatMiB(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`
}
