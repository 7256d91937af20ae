/** Turns a set of (repaired) file descriptors into a protobuf-es registry, adding the well-known types they import. */
import { create, createFileRegistry } from '@bufbuild/protobuf'
import type { FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt'
import { WorkbenchError } from '@wirebench/core'
import { missingFileHint } from '../errors.js'
import { wellKnownFiles } from './well-known.js'

/** Orders files so that every file comes after its imports (the registry resolves types as it adds files). */
function dependencyOrder(files: readonly FileDescriptorProto[]): FileDescriptorProto[] {
  const byName = new Map(files.map((f) => [f.name, f]))
  const ordered: FileDescriptorProto[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, importedBy: string | undefined): void => {
    const seen = state.get(name)
    if (seen === 'done') return
    if (seen === 'visiting') {
      throw new WorkbenchError('upstream_invalid', `The descriptors import each other in a cycle through ${name}.`)
    }
    const file = byName.get(name) ?? wellKnownFiles.get(name)?.proto
    if (!file) {
      throw new WorkbenchError('not_found', `${name}${importedBy ? `, imported by ${importedBy},` : ''} is missing.`, {
        hint: missingFileHint(name),
        details: { file: name },
      })
    }
    state.set(name, 'visiting')
    for (const dependency of file.dependency) visit(dependency, name)
    state.set(name, 'done')
    ordered.push(file)
  }
  for (const file of files) visit(file.name, undefined)
  return ordered
}

export function buildRegistry(files: readonly FileDescriptorProto[]): FileRegistry {
  const ordered = dependencyOrder(files)
  try {
    return createFileRegistry(create(FileDescriptorSetSchema, { file: ordered }))
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new WorkbenchError('upstream_invalid', `The service descriptors are inconsistent: ${reason}.`, { cause })
  }
}
