/**
 * The demo's descriptors: `proto/descriptors.binpb` (compiled from proto/ by scripts/compile-proto.mjs, comments
 * included) loaded into a protobuf-es registry. Read at start, so the demo needs no .proto parser at run time.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import type { DescEnum, DescMessage, DescService, FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'

// Both src/grpc/ (tests) and dist/grpc/ (run time) sit two levels below the package root, where proto/ ships.
export const protoDir = fileURLToPath(new URL('../../proto/', import.meta.url))
export const descriptorSetFile = fileURLToPath(new URL('../../proto/descriptors.binpb', import.meta.url))

export const telemetryServiceName = 'wirebench.demo.v1.Telemetry'

export function loadDemoRegistry(): FileRegistry {
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(descriptorSetFile)))
}

function lookup<T>(found: T | undefined, kind: string, name: string): T {
  if (found === undefined) throw new Error(`${descriptorSetFile} has no ${kind} ${name}; recompile the demo protos.`)
  return found
}

export const requireService = (registry: FileRegistry, name: string): DescService =>
  lookup(registry.getService(name), 'service', name)

export const requireMessage = (registry: FileRegistry, name: string): DescMessage =>
  lookup(registry.getMessage(name), 'message', name)

export const requireEnum = (registry: FileRegistry, name: string): DescEnum =>
  lookup(registry.getEnum(name), 'enum', name)
